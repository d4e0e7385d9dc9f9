// Expert opencl schedule for `camera_pipe_fcam`: five kernels, every stage on the device.
//   denoised: one thread per Bayer block, the 4 planes' hot-pixel suppression unrolled;
//   g_r, g_b: green at red and blue sites, one thread per block each;
//   curved:   one thread per pixel: the red/blue estimates (inlined), the interleave, the
//             Q8 color correction and the tone-curve lookup for all 3 channels (unrolled);
//   out:      one thread per pixel, 3 channels unrolled: both blur121 passes, the mask and the saturating
//             add, reading the 3x3 neighbourhood of curved.
// 16x8 work-items per work-group; all tails GuardWithIf, so any size down to 2x2 works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    a.denoised.compute_root().bound(a.p, 0, 4);
    a.g_r.compute_root();
    a.g_b.compute_root();
    a.curved.compute_root().bound(a.c, 0, 3);
    // @layer loops
    a.denoised.reorder(a.p, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    a.g_r.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    a.g_b.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    a.curved.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    a.out.bound(a.c, 0, 3).reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, guard);
    // @layer vector
    a.denoised.unroll(a.p);
    a.curved.unroll(a.c);
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
