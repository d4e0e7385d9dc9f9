// Naive schedule for `logsumexp`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.row_max.compute_root();
    a.row_sum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ro, ri;
        a.row_max.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.row_max.update().gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.row_sum.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.row_sum.update().gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
