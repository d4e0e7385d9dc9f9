// Expert cuda schedule for `isp_chain_yuv420`: three kernels, every stage on the device.
//   rgb: one thread per pixel runs black level, demosaic, white balance, CCM, clamp and the
//        sRGB transfer for all 3 planes (channels unrolled, so the raw neighbours are
//        loaded once for the three);
//   y:   one thread per luma pixel;
//   uv:  one thread per chroma sample, averaging the 2x2 block.
// 32x8-thread blocks, threads adjacent along the columns (coalesced rows); all tails GuardWithIf, so any even size down to 2x2 works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.srgb_px.compute_root().bound(a.c, 0, 3);
    // @layer loops
    a.srgb_px.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.y_out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.uv_out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.srgb_px.unroll(a.c);
    // @end
    return a.kernel();
}
