// Naive schedule for `layernorm2d`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (16x16 over x, y). Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.sum_x.compute_root();
    a.mean.compute_root();
    a.xc.compute_root();
    a.sum_sq.compute_root();
    a.rstd.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func st : {a.sum_x, a.mean, a.sum_sq, a.rstd}) st.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.sum_x.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.sum_sq.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.xc.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
