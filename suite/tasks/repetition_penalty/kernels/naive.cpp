// Naive schedule for `repetition_penalty`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the scatter: one thread per row). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.mark.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.mark.gpu_tile(a.v, a.b, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.mark.update().gpu_tile(a.b, yo, yi, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.v, a.b, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
