// Expert cpu schedule for `attention_head`: the whole head fused per strip of 4 queries,
// strips in parallel. K is transposed once ([Dh, S], keys contiguous). Per strip: the scores
// of its 4 queries over all keys are computed in tiles of 2 vectors of keys x 4 queries whose
// 8 vector accumulators stay in registers across the Dh loop (a broadcast of Q against a
// contiguous row of K^T), the scale fused into the store; then per query row the max and the
// sum (each into one vector of lane-wise partials, rfactor, folded at the end), exp(score -
// max) stored once and normalized into the strip's probabilities while the row is in L1;
// finally P V in tiles of 2 vectors of the head dimension x 4 queries, 8 vector accumulators
// in registers across the key loop (a broadcast of P against a contiguous row of V). Nothing
// of size T x S ever leaves the strip's L1 buffers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // queries per strip (and per register tile)
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"}, so{"so"}, si{"si"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Func kt = a.K.in(a.dot);  // K transposed, once (below)
    Var kd = kt.args()[0], ks = kt.args()[1];
    kt.compute_root();
    // scores, the softmax stages and probs are computed per strip of queries (memory, below);
    // dot and pv live in registers of their consumers' tiles.
    // @layer loops
    a.out.tile(a.d, a.t, dox, to, dix, ti, 2 * vec, tq, TailStrategy::GuardWithIf)
        .reorder(dix, ti, dox, to)
        .parallel(to);
    a.scores.tile(a.s, a.t, so, to, si, ti, 2 * vec, tq, TailStrategy::GuardWithIf).reorder(si, ti, so, to);
    // Lane-wise partial max and sum: lane u reduces keys u, u + vec, u + 2*vec, ...
    Func max_part = a.row_max.update().split(a.rs, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    kt.reorder_storage(ks, kd);
    a.scores.compute_at(a.out, to);
    a.dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func f : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) f.compute_at(a.out, to);
    a.pv.compute_at(a.out, dox).bound_storage(a.d, 2 * vec).bound_storage(a.t, tq);
    // @layer vector
    kt.reorder(ks, kd).vectorize(ks, vec, TailStrategy::GuardWithIf);
    a.scores.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(ti);
    a.dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    max_part.vectorize(u);
    max_part.update().vectorize(u);
    a.row_max.update().atomic().vectorize(ki);  // the final cross-lane max as a vector reduction
    sum_part.vectorize(u);
    sum_part.update().vectorize(u);
    a.row_sum.update().atomic().vectorize(ki);
    a.ex.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.probs.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.out.vectorize(dix, vec, TailStrategy::GuardWithIf).unroll(dix).unroll(ti);
    a.pv.vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d).unroll(a.t);
    a.pv.update().reorder(a.d, a.t, a.rs).vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d).unroll(a.t);
    // @end
    return a.kernel();
}
