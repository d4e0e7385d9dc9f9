// Naive schedule for `mbv3_small_stem_bneck1`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.x_padded, a.stem, a.s, a.s_padded, a.dw, a.d, a.pool_sum, a.fc1, a.s1, a.fc2, a.gate,
                   a.project}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.stem, a.dw, a.project}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.x_padded, a.s, a.s_padded, a.d, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.pool_sum, a.fc1, a.fc2}) {
            f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.s1, a.gate}) f.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
