// Naive schedule for `beamform_delay_sum`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.w.compute_root();
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ko, to, ki, ti, mo, mi;
        a.w.gpu_tile(a.k, a.m, ko, mo, ki, mi, 64, 1, TailStrategy::GuardWithIf);
        a.acc.gpu_tile(a.k, a.t, ko, to, ki, ti, 64, 1, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.k, a.t, ko, to, ki, ti, 64, 1, TailStrategy::GuardWithIf);
        a.Y.gpu_tile(a.k, a.t, ko, to, ki, ti, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
