// Naive schedule for `dlinear_moving_avg`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (16x16 over samples and channels). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.padded.compute_root();
    a.total.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var lo, co, li, ci;
        a.padded.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        a.total.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        a.total.update().gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
