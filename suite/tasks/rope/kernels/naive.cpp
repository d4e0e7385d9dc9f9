// Naive schedule for `rope`: every stage at root, serial and scalar on CPU; one default GPU
// tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, hox, dix, tix, hix;
        a.rot.gpu_tile(a.d, a.t, a.h, dox, tox, hox, dix, tix, hix, 16, 16, 1, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, a.h, dox, tox, hox, dix, tix, hix, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
