// Expert opencl schedule for `mertens_exposure_fusion`, every stage on the device:
//   w:        one thread per pixel and exposure: gray of the 5-point neighbourhood, contrast,
//             saturation, well-exposedness (all inlined);
//   wn:       one thread per pixel and exposure: the sum over exposures in registers, the
//             normalization;
//   down:     each Gaussian level of the images and of the weights is one kernel, the x pass
//             inlined into the y pass (5x5 footprint);
//   fuse:     per level, coarse to fine, one kernel: each thread sums the weighted Laplacian
//             band over the exposures in a register (pyrUp of the next level inlined) and adds
//             the pyrUp of the collapsed coarser level; the finest level writes the output.
// 16x8 work-items per work-group, the channel or exposure on the grid's z dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int top = task::kLevels - 1;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, zo{"zo"}, zi{"zi"};
    // @layer compute
    a.w.compute_root();
    a.wn.compute_root();
    for (int l = 1; l < task::kLevels; l++) {
        a.gi[l].compute_root();
        a.gw[l].compute_root();
    }
    a.fused[top].compute_root();
    for (int l = 1; l < top; l++) a.col[l].compute_root();
    // @layer loops
    auto tile3 = [&](Stage s, Var z) {
        s.gpu_tile(a.x, a.y, z, xo, yo, zo, xi, yi, zi, 16, 8, 1, guard);
    };
    tile3(a.w, a.n);
    tile3(a.wn, a.n);
    for (int l = 1; l < task::kLevels; l++) {
        tile3(a.gi[l], a.c);
        tile3(a.gw[l], a.n);
    }
    tile3(a.fused[top], a.c);
    tile3(a.fused[top].update(), a.c);
    for (int l = 1; l < top; l++) tile3(a.col[l], a.c);
    tile3(a.out, a.c);
    // @layer memory
    a.wsum.compute_at(a.wn, xi);
    for (int l = 0; l < top; l++) a.fused[l].compute_at(l == 0 ? a.out : a.col[l], xi);
    // @end
    return a.kernel();
}
