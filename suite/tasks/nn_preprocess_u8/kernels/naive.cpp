// Naive schedule for `nn_preprocess_u8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.x0, a.lx, a.y0, a.ly, a.resize_x}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.x0.gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
        a.lx.gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
        a.y0.gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
        a.ly.gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
        a.resize_x.gpu_tile(a.x, a.iy, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
