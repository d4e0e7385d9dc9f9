// Naive schedule for `rgb_to_nv12`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.px.compute_root();
    a.mean2x2.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.px.gpu_tile(a.x, a.row, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.mean2x2.gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.y_out.gpu_tile(a.x, a.row, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.uv_out.gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
