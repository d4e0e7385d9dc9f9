// Naive schedule for `layernorm_fp16`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (per-row stages tiled over rows only). Also the task's
// trusted reference (built for cpu).
// float16 variant of `layernorm` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
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
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, dix, tix;
        a.sum_x.gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.sum_x.update().gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.mean.gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.xc.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
        a.sum_sq.gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.sum_sq.update().gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.variance.gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.rstd.gpu_tile(a.t, tox, tix, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
