// Naive schedule for `maxpool1d_k4`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (16x16 over samples and channels). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.pool.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var lo, co, li, ci;
        a.pool.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        a.pool.update().gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
