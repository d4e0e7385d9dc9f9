// Expert cpu schedule for `cfar_caso_1d`: an algorithm rewrite with shared window sums. Per
// row, the sum of 8 consecutive zero-padded cells s8[j] = x[j] + ... + x[j+7] is built once
// in three pairwise levels (s2, s4, s8: 3 adds per cell) and both training windows are single
// loads of it: left = s8[i - 12], right = s8[i + 5]. So 2 loads instead of 16 per cell; the
// cell counts at the ends are clamps of i. Rows run in parallel for large calls, everything
// vectorized with contiguous loads, tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int G = task::kGuard, T = task::kTrain;
    // @layer compute
    Expr R = a.x.dim(0).extent();
    Func s2{"s2"}, s4{"s4"}, s8{"s8"}, snr{"snr_v"};
    s2(a.i, a.d) = a.zx(a.i, a.d) + a.zx(a.i + 1, a.d);
    s4(a.i, a.d) = s2(a.i, a.d) + s2(a.i + 2, a.d);
    s8(a.i, a.d) = s4(a.i, a.d) + s4(a.i + 4, a.d);
    Expr lc = clamp(a.i - G, 0, T), rc = clamp(R - 1 - a.i - G, 0, T);
    Expr lm = s8(a.i - G - T, a.d) / cast<float>(max(lc, 1));
    Expr rm = s8(a.i + G + 1, a.d) / cast<float>(max(rc, 1));
    Expr noise = select(lc == 0, rm, rc == 0, lm, min(lm, rm));
    snr(a.i, a.d) = a.x(a.i, a.d) / noise;
    // @layer memory
    for (Func f : {a.zx, s2, s4, s8}) f.compute_at(snr, a.d);
    // @layer vector
    for (Func f : {a.zx, s2, s4, s8}) f.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    snr.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    snr.specialize(R * a.x.dim(1).extent() >= 16384).parallel(a.d);
    // @end
    return {{a.x}, {snr}};
}
