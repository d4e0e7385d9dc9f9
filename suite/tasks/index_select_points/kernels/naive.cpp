// Naive schedule for `index_select_points`: the plain default schedule, serial and scalar on
// CPU; one default GPU tile on GPU backends (16x16 over m, c). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // one stage.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, co, mi, ci;
        a.output.gpu_tile(a.m, a.c, mo, co, mi, ci, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
