// Naive schedule for `so3_log_quat`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rnorm.compute_root();
    a.f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var po, pi, ko, ki;
        a.rnorm.gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
        a.f.gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
        a.omega.gpu_tile(a.k, a.p, ko, po, ki, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
