// Expert cpu schedule for `attention_scores`: per head (in parallel), K is first transposed
// into a [Dh, S] scratch (keys contiguous), so the scores become a small GEMM vectorized over
// keys: 4-query x 2-vector tiles of scores accumulate in registers across the whole Dh loop
// (one broadcast of Q feeds a vector FMA against a contiguous row of K^T), and the 1/sqrt(Dh)
// scale is applied as the tile is stored.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    // @layer compute
    Func kt = a.K.in(a.dot);  // K of one head, stored transposed (below)
    Var kd = kt.args()[0], ks = kt.args()[1], kh = kt.args()[2];
    // dot is computed per tile of scores, never materialized whole.
    // @layer loops
    a.scores.tile(a.s, a.t, so, to, si, ti, 2 * vec, 4, TailStrategy::GuardWithIf)
        .reorder(si, ti, so, to, a.h)
        .parallel(a.h);
    // @layer memory
    kt.compute_at(a.scores, a.h).reorder_storage(ks, kd, kh);
    a.dot.compute_at(a.scores, so)
        .bound_storage(a.s, 2 * vec)
        .bound_storage(a.t, 4);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    kt.reorder(ks, kd).vectorize(ks, vec, TailStrategy::GuardWithIf);
    a.scores.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(ti);
    a.dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.d).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    // @end
    return a.kernel();
}
