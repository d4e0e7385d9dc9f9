// Naive schedule for `mti_canceller3`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.diff.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ro, po, ri, pi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.diff.gpu_tile(a.r, a.p, ro, po, ri, pi, 16, 16, guard);
        a.y.gpu_tile(a.r, a.p, ro, po, ri, pi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
