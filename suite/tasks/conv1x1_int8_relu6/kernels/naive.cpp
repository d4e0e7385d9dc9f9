// Naive schedule for `conv1x1_int8_relu6`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, cj;
        a.dot.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
        a.acc.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
