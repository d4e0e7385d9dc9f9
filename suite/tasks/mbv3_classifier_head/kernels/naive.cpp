// Naive schedule for `mbv3_classifier_head`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.conv, a.h, a.pool_sum, a.pooled, a.fc1, a.f1, a.fc2}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        a.conv.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.conv.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.h.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        for (Func f : {a.pool_sum, a.fc1, a.fc2}) {
            f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.pooled, a.f1, a.logits}) f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
