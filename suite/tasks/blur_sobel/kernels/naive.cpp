// Naive schedule for `blur_sobel`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.clamped.compute_root();
    a.blur_x.compute_root();
    a.blur_y.compute_root();
    a.blur_clamped.compute_root();
    a.gx.compute_root();
    a.gy.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.clamped, a.blur_x, a.blur_y, a.blur_clamped, a.gx, a.gy, a.out}) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
