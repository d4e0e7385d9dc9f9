// Expert cpu schedule for `tinyllama_decode_gqa`: one head per parallel task, everything of a
// head computed while its cache streams through once. The scores are dot products along the
// head dimension (K rows are d-contiguous), computed in tiles of 8 positions, each keeping one
// vector of partial sums over d in registers (rfactor over the lanes: a load of q feeds 8
// FMAs against 8 rows of K) and summed across lanes as the scaled scores are stored. Then the
// max and the sum over the positions (each into one vector of lane-wise partials, rfactor),
// exp(score - max) stored once, normalized into the head's probabilities, all in L1. Finally
// P V in strips of 2 vectors of the head dimension whose accumulators stay in registers across
// the position loop (a broadcast of P against a contiguous piece of a V row).
// For the GQA decode step, the rotary embedding of the new query is computed once per head
// and of the new key once per KV head (tiny stages); the appended position (the new token)
// is read through the reference's keys/vals selects, so the cache is never copied; query
// heads of one group are adjacent, so their shared K/V rows are reused from cache.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int keys = 8;  // positions per register tile of scores
    Var dox{"dox"}, dix{"dix"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ki{"ki"}, ro{"ro"}, ru{"ru"};
    // @layer compute
    // scores, the softmax stages and probs are computed per head (memory, below); dot and pv
    // live in registers of their consumers' tiles.
    // @layer loops
    a.o.split(a.d, dox, dix, 2 * vec, TailStrategy::GuardWithIf).reorder(dix, dox, a.h).parallel(a.h);
    a.scores.split(a.s, so, si, keys, TailStrategy::GuardWithIf);
    Func lanes = a.dot.update().split(a.rd, ro, ru, vec, TailStrategy::GuardWithIf).rfactor(ru, w);
    // Lane-wise partial max and sum: lane u reduces positions u, u + vec, u + 2*vec, ...
    Func max_part = a.row_max.update().split(a.rs, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    a.q_rope.compute_at(a.o, a.h);
    a.k_rope.compute_root();
    for (Func f : {a.scores, max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) f.compute_at(a.o, a.h);
    a.dot.compute_at(a.scores, so);
    lanes.compute_at(a.scores, so)
        .reorder_storage(w, a.s, a.h)
        .bound_storage(a.s, keys);  // constant-size tile: the accumulators stay in registers
    a.pv.compute_at(a.o, dox).bound_storage(a.d, 2 * vec);
    // @layer vector
    lanes.vectorize(w).unroll(a.s);
    lanes.update().reorder(w, a.s, ro).vectorize(w).unroll(a.s);
    a.dot.unroll(a.s);
    a.dot.update().reorder(ru, a.s).atomic().vectorize(ru).unroll(a.s);
    a.scores.unroll(si);
    max_part.vectorize(u);
    max_part.update().vectorize(u);
    a.row_max.update().atomic().vectorize(ki);  // the final cross-lane max as a vector reduction
    sum_part.vectorize(u);
    sum_part.update().vectorize(u);
    a.row_sum.update().atomic().vectorize(ki);
    a.ex.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.probs.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.o.vectorize(dix, vec, TailStrategy::GuardWithIf).unroll(dix);
    a.pv.vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d);
    a.pv.update().reorder(a.d, a.rs).vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d);
    // @end
    return a.kernel();
}
