// Naive schedule for `matched_filter`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.corr.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci;
        a.corr.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
        a.corr.update().gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
