// Naive schedule for `nv12_to_rgb_downscale`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.chroma.compute_root();
    a.full.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.chroma.gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.full.gpu_tile(a.x, a.row, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.rgb.gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
