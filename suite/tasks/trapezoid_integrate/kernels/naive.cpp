// Naive schedule for `trapezoid_integrate`: every stage at root, serial and scalar on CPU; on
// GPU backends one default GPU tile per stage (the scan runs serially over the samples in one
// thread per channel). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.inc.compute_root();
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci;
        a.inc.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
        a.acc.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
