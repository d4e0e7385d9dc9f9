// Naive schedule for `unsharp_mask`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.clamped.compute_root();
    a.blur_x.compute_root();
    a.blur_y.compute_root();
    a.sharp.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.clamped.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.blur_x.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.blur_y.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.sharp.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
