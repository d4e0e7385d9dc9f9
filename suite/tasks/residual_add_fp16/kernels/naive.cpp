// Naive schedule for `residual_add_fp16`: one stage at root, serial and scalar on CPU; one
// default GPU tile on GPU backends (16x16 over d, t). Also the task's trusted reference.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // one stage: nothing to place.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, dix, tix;
        a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
