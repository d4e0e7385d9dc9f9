// Naive schedule for `quaternion_rotate`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rnorm.compute_root();
    a.qn.compute_root();
    a.uv.compute_root();
    a.uuv.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var po, pi, jo, ji;
        a.rnorm.gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
        a.qn.gpu_tile(a.j, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
        a.uv.gpu_tile(a.i, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
        a.uuv.gpu_tile(a.i, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.i, a.p, jo, po, ji, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
