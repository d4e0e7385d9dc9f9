// Naive schedule for `quat_multiply`: the single stage serial and scalar on CPU; one default
// GPU tile on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // out is the only stage.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, po, ji, pi;
        a.out.gpu_tile(a.j, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
