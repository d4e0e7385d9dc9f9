// Naive schedule for `mcunet_mbconv_k7_s2`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.expand.compute_root();
    a.h1.compute_root();
    a.h1_padded.compute_root();
    a.dw.compute_root();
    a.h2.compute_root();
    a.project.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        // 16x16 pixels of one channel per work-group; the channels are the third block
        // dimension, so each stage (and each update) is one kernel launch.
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.expand, a.dw, a.project}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : {a.h1, a.h1_padded, a.h2, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
