// Naive schedule for `log_mel_delta`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.mel.compute_root();
    a.clamped.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, to, mi, ti;
        a.mel.gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.mel.update().gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : {a.logmel, a.clamped, a.delta}) {
            f.gpu_tile(a.m, a.t, mo, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
