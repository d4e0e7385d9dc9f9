// Naive schedule for `isp_chain_yuv420`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.lin, a.clamped, a.red, a.green, a.blue, a.cc, a.srgb_px, a.chroma}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.lin, a.clamped, a.red, a.green, a.blue, a.cc, a.srgb_px, a.chroma, a.y_out, a.uv_out}) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
