// Expert cpu schedule for `multiband_blend_pyr4`, level by level as a stitching blender runs
// it, each pass parallel over strips of rows and vectorized over columns:
//   down: each Gaussian level of a, b and the mask is one root pass; per strip its x pass
//         (5 taps, stride 2) is computed into a small buffer just before the y pass;
//   up + blend + collapse: per level (coarse to fine) one root pass over strips computes
//         col[l] = blend[l] + pyrUp(col[l+1]): the three x passes of pyrUp (of ga[l+1],
//         gb[l+1] and col[l+1]) are computed per strip at full width and half height, and
//         the y passes, the two Laplacian differences, the mask blend and the collapse add
//         are one fused vectorized loop; the finest level writes the output directly.
// Every split is GuardWithIf, so any size down to 8x8 (a 1-pixel coarsest level) works, on
// any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int top = task::kLevels - 1;
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"};
    // @layer compute
    // ga[0], gb[0], gm[0], the pyrUp y passes (upa, upb, colup) and the blends are inlined.
    // @layer loops
    auto strips = [&](Func f, int rows, bool chans) {
        f.split(y, yo, yi, rows, guard).parallel(yo);
        if (chans) f.reorder(x, yi, yo, c).parallel(c);
    };
    for (int l = 1; l < task::kLevels; l++) {
        for (Func f : {a.ga[l], a.gb[l]}) {
            f.compute_root();
            strips(f, 16, true);
        }
        a.gm[l].compute_root();
        strips(a.gm[l], 16, false);
    }
    for (int l = top - 1; l >= 1; l--) {
        a.col[l].compute_root();
        strips(a.col[l], 16, true);
    }
    strips(a.out, 16, true);
    // @layer memory
    for (int l = 1; l < task::kLevels; l++) {
        a.ga_x[l].compute_at(a.ga[l], yo);
        a.gb_x[l].compute_at(a.gb[l], yo);
        a.gm_x[l].compute_at(a.gm[l], yo);
    }
    for (int l = 0; l < top; l++) {
        Func consumer = l == 0 ? a.out : a.col[l];
        for (Func f : {a.upa_x[l], a.upb_x[l], a.col_x[l]}) f.compute_at(consumer, yo);
    }
    // @layer vector
    for (int l = 1; l < task::kLevels; l++) {
        for (Func f : {a.ga[l], a.gb[l], a.gm[l], a.ga_x[l], a.gb_x[l], a.gm_x[l]}) {
            f.vectorize(x, vec, guard);
        }
    }
    for (int l = 0; l < top; l++) {
        for (Func f : {a.upa_x[l], a.upb_x[l], a.col_x[l]}) f.vectorize(x, vec, guard);
        if (l > 0) a.col[l].vectorize(x, vec, guard);
    }
    a.out.vectorize(x, vec, guard);
    // @end
    return a.kernel();
}
