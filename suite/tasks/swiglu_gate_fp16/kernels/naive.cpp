// Naive schedule for `swiglu_gate_fp16`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.act.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, dix, tix;
        a.act.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
