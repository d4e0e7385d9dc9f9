// Naive schedule for `peak_pick`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rowsum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci;
        a.rowsum.gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        a.rowsum.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        a.mask.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
