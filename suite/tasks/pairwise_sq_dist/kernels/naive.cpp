// Naive schedule for `pairwise_sq_dist`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, no, mi, ni;
        a.acc.gpu_tile(a.m, a.n, mo, no, mi, ni, 16, 16, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.m, a.n, mo, no, mi, ni, 16, 16, TailStrategy::GuardWithIf);
        a.D.gpu_tile(a.m, a.n, mo, no, mi, ni, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
