// Naive schedule for `mfcc_frontend`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.mel.compute_root();
    a.logmel.compute_root();
    a.dct.compute_root();
    a.dct_sum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, to, mi, ti, ko, ki;
        a.mel.gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.mel.update().gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.logmel.gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.dct.gpu_tile(a.m, a.k, mo, ko, mi, ki, 16, 16, TailStrategy::GuardWithIf);
        a.dct_sum.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.dct_sum.update().gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.mfcc.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
