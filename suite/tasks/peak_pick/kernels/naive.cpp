// Naive schedule for `peak_pick`: the single stage at root, serial and scalar on CPU; one
// default GPU tile on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci;
        a.mask.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
