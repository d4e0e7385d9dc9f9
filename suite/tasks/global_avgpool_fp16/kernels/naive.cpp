// Naive schedule for `global_avgpool_fp16`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the per-channel sum tiled over channels only).
// Also the task's trusted reference (built for cpu).
// float16 variant of `global_avgpool` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.total.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var co, ci;
        a.total.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.total.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
