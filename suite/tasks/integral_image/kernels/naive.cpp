// Naive schedule for `integral_image`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (each scan tiled over the dimension it does not
// run along). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.row_sum.compute_root();
    a.col_sum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.row_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.row_sum.update().gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
        a.col_sum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.col_sum.update().gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
