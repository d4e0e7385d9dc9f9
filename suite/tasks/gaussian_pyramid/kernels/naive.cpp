// Naive schedule for `gaussian_pyramid`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (int l = 0; l < 3; l++) {
        a.padded[l].compute_root();
        a.blur_x[l].compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (int l = 0; l < 3; l++) {
            for (Func f : {a.padded[l], a.blur_x[l], a.level[l]}) {
                f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            }
        }
    }
    // @end
    return a.kernel();
}
