// Naive schedule for `centernet_heatmap_nms`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.x_padded.compute_root();
    a.hmax.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : {a.x_padded, a.hmax, a.y}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.hmax.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
