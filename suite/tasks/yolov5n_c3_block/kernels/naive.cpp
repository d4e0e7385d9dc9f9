// Naive schedule for `yolov5n_c3_block`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.conv1, a.h1, a.conv2, a.h2, a.conv_m1, a.m1, a.m1_padded, a.conv_m2, a.m2, a.conv3}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.conv1, a.conv2, a.conv_m1, a.conv_m2, a.conv3}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.h1, a.h2, a.m1, a.m1_padded, a.m2, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
