// Naive schedule for `savgol_smooth`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.edge.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci;
        a.edge.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
