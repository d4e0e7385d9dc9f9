// Naive schedule for `l2_normalize`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (per-row stages tiled over rows only). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.sum_sq.compute_root();
    a.norm.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, rox, dix, rix;
        a.sum_sq.gpu_tile(a.r, rox, rix, 64, TailStrategy::GuardWithIf);
        a.sum_sq.update().gpu_tile(a.r, rox, rix, 64, TailStrategy::GuardWithIf);
        a.norm.gpu_tile(a.r, rox, rix, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.r, dox, rox, dix, rix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
