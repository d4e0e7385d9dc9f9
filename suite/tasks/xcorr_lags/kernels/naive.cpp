// Naive schedule for `xcorr_lags`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.corr.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var lo, po, li, pi;
        a.corr.gpu_tile(a.l, a.p, lo, po, li, pi, 16, 16, TailStrategy::GuardWithIf);
        a.corr.update().gpu_tile(a.l, a.p, lo, po, li, pi, 16, 16, TailStrategy::GuardWithIf);
        a.c.gpu_tile(a.l, a.p, lo, po, li, pi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
