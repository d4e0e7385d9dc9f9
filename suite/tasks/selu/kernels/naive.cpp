// Naive schedule for `selu`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (16x16 over features and rows). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.neg.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, dix, tix;
        a.neg.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
