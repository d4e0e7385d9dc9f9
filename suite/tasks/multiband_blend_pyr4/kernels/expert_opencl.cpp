// Expert opencl schedule for `multiband_blend_pyr4`: one kernel per pyramid level and image,
// every stage on the device.
//   down:   each Gaussian level of a, b and the mask is one kernel, one thread per output
//           pixel (and channel): the 5x5 binomial footprint read from the finer level (the x
//           pass inlined into the y pass);
//   up:     per level, coarse to fine, one kernel computes col[l] = blend[l] +
//           pyrUp(col[l+1]), one thread per pixel: the three pyrUps (of ga[l+1], gb[l+1],
//           col[l+1], 3x3 coarse taps each), the Laplacian differences, the mask blend and the
//           collapse add fused; the finest level writes the output.
// 16x8 work-items per work-group, channels on the grid's z dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int top = task::kLevels - 1;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // The x passes, the up passes and the blends are inlined into their consumer kernels.
    for (int l = 1; l < task::kLevels; l++) {
        a.ga[l].compute_root();
        a.gb[l].compute_root();
        a.gm[l].compute_root();
    }
    for (int l = 1; l < top; l++) a.col[l].compute_root();
    // @layer loops
    auto tile3 = [&](Func f) {
        f.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, guard);
    };
    for (int l = 1; l < task::kLevels; l++) {
        tile3(a.ga[l]);
        tile3(a.gb[l]);
        a.gm[l].gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    }
    for (int l = 1; l < top; l++) tile3(a.col[l]);
    tile3(a.out);
    // @end
    return a.kernel();
}
