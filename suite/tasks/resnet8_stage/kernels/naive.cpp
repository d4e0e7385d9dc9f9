// Naive schedule for `resnet8_stage`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.padded_x.compute_root();
    a.conv1.compute_root();
    a.h.compute_root();
    a.padded_h.compute_root();
    a.conv2.compute_root();
    a.shortcut.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        // 16x16 pixels of one channel per work-group; the channels are the third block
        // dimension, so each stage (and each update) is one kernel launch.
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.conv1, a.conv2, a.shortcut}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.padded_x, a.h, a.padded_h, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
