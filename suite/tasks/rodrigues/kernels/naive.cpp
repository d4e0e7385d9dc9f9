// Naive schedule for `rodrigues`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.coef.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var po, pi, qo, qi;
        a.coef.gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
        a.R.gpu_tile(a.q, a.p, qo, po, qi, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
