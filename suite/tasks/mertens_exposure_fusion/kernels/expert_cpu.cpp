// Expert cpu schedule for `mertens_exposure_fusion`, as a bracketing merge runs it, each pass
// parallel over strips of rows and vectorized over columns:
//   weights: one pass per strip computes the gray rows of every exposure (with the 1-row
//            margin the Laplacian needs), then contrast * saturation * well-exposedness
//            (vectorized exp and sqrt) of every exposure, their sum and the normalized weights;
//   down:    each Gaussian level of the images and of the weights is one root pass, its x pass
//            computed per strip into a small buffer just before the y pass;
//   fuse + collapse: per level, coarse to fine, one pass over strips: the x passes of pyrUp (of
//            every image's next level and of the collapsed coarser level) per strip, then the
//            weighted sum over the exposures of the Laplacian bands, accumulated per strip,
//            and the collapse add fused into the store; the finest level writes the output.
// Every split is GuardWithIf, so any size down to 4x4 works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int top = task::kLevels - 1;
    Var x = a.x, y = a.y, c = a.c, n = a.n, yo{"yo"}, yi{"yi"};
    // @layer compute
    // contrast, sat, wellexp are inlined into w; gi[0], the pyrUp y passes and col[top] inlined.
    a.wn.compute_root();
    for (int l = 1; l < task::kLevels; l++) {
        a.gi[l].compute_root();
        a.gw[l].compute_root();
    }
    a.fused[top].compute_root();
    for (int l = 1; l < top; l++) a.col[l].compute_root();
    // @layer loops
    a.wn.reorder(x, n, y).split(y, yo, yi, 16, guard).parallel(yo);
    for (int l = 1; l < task::kLevels; l++) {
        a.gi[l].split(y, yo, yi, 16, guard).reorder(x, yi, yo, c, n).parallel(yo).parallel(c).parallel(n);
        a.gw[l].split(y, yo, yi, 16, guard).reorder(x, yi, yo, n).parallel(yo).parallel(n);
    }
    a.fused[top].split(y, yo, yi, 16, guard).parallel(yo);
    a.fused[top].update().split(y, yo, yi, 16, guard).reorder(x, yi, a.rn, yo).parallel(yo);
    for (int l = 1; l < top; l++) a.col[l].reorder(x, c, y).split(y, yo, yi, 16, guard).parallel(yo);
    a.out.reorder(x, c, y).split(y, yo, yi, 16, guard).parallel(yo);
    for (int l = 0; l < top; l++) a.fused[l].update().reorder(x, a.rn, c, y);
    // @layer memory
    a.gray.compute_at(a.wn, yo);
    a.w.compute_at(a.wn, yo);
    a.wsum.compute_at(a.wn, yo);
    for (int l = 1; l < task::kLevels; l++) {
        a.gi_x[l].compute_at(a.gi[l], yo);
        a.gw_x[l].compute_at(a.gw[l], yo);
    }
    for (int l = 0; l < top; l++) {
        Func consumer = l == 0 ? a.out : a.col[l];
        a.upi_x[l].compute_at(consumer, yo);
        a.col_x[l].compute_at(consumer, yo);
        a.fused[l].compute_at(consumer, yo);
    }
    // @layer vector
    for (Func f : {a.wn, a.gray, a.w, a.wsum, a.out}) f.vectorize(x, vec, guard);
    a.wsum.update().vectorize(x, vec, guard);
    for (int l = 1; l < task::kLevels; l++) {
        for (Func f : {a.gi[l], a.gi_x[l], a.gw[l], a.gw_x[l]}) f.vectorize(x, vec, guard);
    }
    for (int l = 0; l < task::kLevels; l++) {
        a.fused[l].vectorize(x, vec, guard);
        a.fused[l].update().vectorize(x, vec, guard);
    }
    for (int l = 0; l < top; l++) {
        a.upi_x[l].vectorize(x, vec, guard);
        a.col_x[l].vectorize(x, vec, guard);
        if (l > 0) a.col[l].vectorize(x, vec, guard);
    }
    // @end
    return a.kernel();
}
