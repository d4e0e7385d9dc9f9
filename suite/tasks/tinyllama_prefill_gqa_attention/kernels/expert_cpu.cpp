// Expert cpu schedule for `tinyllama_prefill_gqa_attention`, as a fused (flash-style) prefill
// attention: per (strip of 4 queries, query head), in parallel over the strips, the scores of
// the strip's 4 queries against the keys are computed in register tiles of 2 vectors of keys
// x 4 queries (k transposed once, so that keys are contiguous), then the causal softmax's max,
// exp and sum and P V in tiles of the head dimension x 4 queries, normalized as the strip's
// output is stored. The causal predicate trims every key loop to s <= t. All splits are
// guarded (GuardWithIf), so any T, Dh and head count work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // queries per strip
    Var to{"to"}, ti{"ti"}, so{"so"}, si{"si"}, tt{"tt"}, tu{"tu"};
    // @layer compute
    Func kt = a.k.in(a.dot);  // k with the keys innermost (below)
    kt.compute_root();
    // @layer loops
    {
        std::vector<Var> v = kt.args();  // (d, s, g)
        kt.reorder_storage(v[1], v[0], v[2]).reorder(v[1], v[0], v[2]).parallel(v[2]);
        kt.vectorize(v[1], vec, TailStrategy::GuardWithIf);
    }
    a.o.split(a.t, to, ti, tq, TailStrategy::GuardWithIf).reorder(a.d, ti, a.h, to).parallel(to);
    a.scores.tile(a.s, a.t, so, tt, si, tu, 2 * vec, tq, TailStrategy::GuardWithIf).reorder(si, tu, so, tt);
    // @layer memory
    for (Func f : {a.scores, a.row_max, a.ex, a.row_sum, a.pv}) f.compute_at(a.o, a.h);
    a.dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    // @layer vector
    a.scores.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(tu);
    a.dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.ex.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.pv.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    a.pv.update().reorder(a.d, a.t, a.rc).vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.t);
    a.o.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
