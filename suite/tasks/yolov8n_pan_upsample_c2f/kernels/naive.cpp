// Naive schedule for `yolov8n_pan_upsample_c2f`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.conv1, a.h, a.b_padded, a.conv_m1, a.m1, a.m1_padded, a.conv_m2, a.m2, a.conv2}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.conv1, a.conv_m1, a.conv_m2, a.conv2}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            for (int u = 0; u < (int)f.num_update_definitions(); u++) {
                f.update(u).gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                     TailStrategy::GuardWithIf);
            }
        }
        for (Func f : {a.h, a.b_padded, a.m1, a.m1_padded, a.m2, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
