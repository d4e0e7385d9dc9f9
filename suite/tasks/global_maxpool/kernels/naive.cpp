// Naive schedule for `global_maxpool`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the per-channel maximum tiled over channels
// only). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.best.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var co, ci;
        a.best.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.best.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
