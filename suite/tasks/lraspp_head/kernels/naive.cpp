// Naive schedule for `lraspp_head`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.pool, a.scale_conv, a.gate, a.conv_cbr, a.gated, a.up, a.conv_low, a.conv_high}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.pool, a.scale_conv}) {
            f.gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        }
        a.gate.gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        for (Func f : {a.conv_cbr, a.conv_low, a.conv_high}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.gated, a.up, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
