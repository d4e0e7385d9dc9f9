// Expert cpu schedule for `rope_qk_scores`: per head (in parallel), the rotated keys are
// computed once into a [Dh, T] scratch stored transposed (keys contiguous) and the rotated
// queries into a [T, Dh] scratch, so the rotation costs O(T*Dh) per head and the scores
// become a small GEMM vectorized over keys: 4-query x 2-vector tiles of scores accumulate in
// registers across the whole Dh loop (one broadcast of qr feeds a vector FMA against a
// contiguous row of kr^T), and the 1/sqrt(Dh) scale is applied as the tile is stored.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    // @layer compute
    // qr and kr are computed per head (memory); dot per tile of scores, never whole.
    // @layer loops
    a.scores.tile(a.s, a.t, so, to, si, ti, 2 * vec, 4, TailStrategy::GuardWithIf)
        .reorder(si, ti, so, to, a.h)
        .parallel(a.h);
    // @layer memory
    a.qr.compute_at(a.scores, a.h);
    a.kr.compute_at(a.scores, a.h).reorder_storage(a.s, a.d, a.h);
    a.dot.compute_at(a.scores, so)
        .bound_storage(a.s, 2 * vec)
        .bound_storage(a.t, 4);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    a.qr.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    a.kr.reorder(a.s, a.d, a.h).vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.scores.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(ti);
    a.dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.r).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    // @end
    return a.kernel();
}
