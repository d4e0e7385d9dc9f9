// Naive schedule for `quat_to_rotmat`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rnorm.compute_root();
    a.qn.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var po, pi, jo, ji;
        a.rnorm.gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
        a.qn.gpu_tile(a.j, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
        a.R.gpu_tile(a.r, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
