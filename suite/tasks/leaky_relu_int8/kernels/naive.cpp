// Naive schedule for `leaky_relu_int8`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.centered.compute_root();
    a.scaled.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.centered.gpu_tile(a.c, a.x, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.scaled.gpu_tile(a.c, a.x, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.c, a.x, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
