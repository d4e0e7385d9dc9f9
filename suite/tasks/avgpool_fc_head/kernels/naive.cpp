// Naive schedule for `avgpool_fc_head`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (tiled over channels or classes). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.pool_sum.compute_root();
    a.pooled.compute_root();
    a.fc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var co, ci;
        for (Func f : {a.pool_sum, a.fc}) {
            f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.pooled, a.logits}) f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
