// Naive schedule for `resize_bicubic`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.x0, a.y0, a.wx, a.wy, a.resize_x}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.x0.gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
        a.y0.gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
        a.wx.gpu_tile(a.k, a.x, xo, yo, xi, yi, 4, 16, TailStrategy::GuardWithIf);
        a.wy.gpu_tile(a.k, a.y, xo, yo, xi, yi, 4, 16, TailStrategy::GuardWithIf);
        a.resize_x.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
