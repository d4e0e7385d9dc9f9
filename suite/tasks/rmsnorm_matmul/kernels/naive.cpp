// Naive schedule for `rmsnorm_matmul`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (per-row stages tiled over rows only). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.sum_sq.compute_root();
    a.rstd.compute_root();
    a.normed.compute_root();
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, to, xi, ti;
        a.sum_sq.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.sum_sq.update().gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.rstd.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.normed.gpu_tile(a.k, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.dot.gpu_tile(a.n, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
