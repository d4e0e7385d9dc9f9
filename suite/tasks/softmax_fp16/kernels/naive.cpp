// Naive schedule for `softmax_fp16`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (per-row reductions tiled over rows only). Also the
// task's trusted reference (built for cpu).
// float16 variant of `softmax` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.row_max.compute_root();
    a.ex.compute_root();
    a.row_sum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var co, ro, ci, ri;
        a.row_max.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.row_max.update().gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.ex.gpu_tile(a.c, a.r, co, ro, ci, ri, 16, 16, TailStrategy::GuardWithIf);
        a.row_sum.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.row_sum.update().gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.c, a.r, co, ro, ci, ri, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
