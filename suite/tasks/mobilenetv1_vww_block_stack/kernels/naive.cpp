// Naive schedule for `mobilenetv1_vww_block_stack`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.padded1, a.dw1, a.h1, a.pw1, a.h2, a.padded2, a.dw2, a.h3, a.pw2}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        // 16x16 pixels of one channel per work-group; the channels are the third block
        // dimension, so each stage (and each update) is one kernel launch.
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.dw1, a.pw1, a.dw2, a.pw2}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.padded1, a.h1, a.h2, a.padded2, a.h3, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
