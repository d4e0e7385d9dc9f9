// Naive schedule for `bmm_transposed_b`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.dot.gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.C.gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
