// Naive schedule for `lens_shading`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.gx0, a.gy0, a.lx, a.ly, a.gain}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.gx0.gpu_tile(a.i, xo, xi, 64, TailStrategy::GuardWithIf);
        a.lx.gpu_tile(a.i, xo, xi, 64, TailStrategy::GuardWithIf);
        a.gy0.gpu_tile(a.j, yo, yi, 64, TailStrategy::GuardWithIf);
        a.ly.gpu_tile(a.j, yo, yi, 64, TailStrategy::GuardWithIf);
        a.gain.gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
