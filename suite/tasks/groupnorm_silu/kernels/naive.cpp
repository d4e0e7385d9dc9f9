// Naive schedule for `groupnorm_silu`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (per-group stages tiled over groups only). Also
// the task's trusted reference (built for cpu).
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
    a.variance.compute_root();
    a.rstd.compute_root();
    a.normed.compute_root();
    a.sig.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci, go, gi;
        for (Func f : {a.sum_x, a.sum_sq}) {
            f.gpu_tile(a.g, go, gi, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.g, go, gi, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.mean, a.variance, a.rstd}) f.gpu_tile(a.g, go, gi, 64, TailStrategy::GuardWithIf);
        for (Func f : {a.xc, a.normed, a.sig, a.output}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
