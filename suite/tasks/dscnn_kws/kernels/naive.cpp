// Naive schedule for `dscnn_kws`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> maps = {a.x_padded, a.conv1, a.a1, a.a1_padded, a.dw1, a.d1, a.pw1,
                                    a.a2, a.a2_padded, a.dw2, a.d2, a.pw2, a.a3};
    const std::vector<Func> reductions = {a.conv1, a.dw1, a.pw1, a.dw2, a.pw2};
    // @layer compute
    for (Func f : maps) f.compute_root();
    a.pool_sum.compute_root();
    a.pool.compute_root();
    a.fc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : maps) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                       TailStrategy::GuardWithIf);
        }
        for (Func f : reductions) {
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.pool_sum, a.pool}) f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.pool_sum.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        for (Func f : {a.fc, a.logits}) f.gpu_tile(a.k, co, ci, 64, TailStrategy::GuardWithIf);
        a.fc.update().gpu_tile(a.k, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
