// Naive schedule for `stft_power`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.frame.compute_root();
    a.cos_tab.compute_root();
    a.sin_tab.compute_root();
    a.cos_tw.compute_root();
    a.sin_tw.compute_root();
    a.re.compute_root();
    a.im.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, mi, ko, to, ki, ti, no;
        a.frame.gpu_tile(a.n, a.t, no, to, mi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.cos_tab.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
        a.sin_tab.gpu_tile(a.m, mo, mi, 64, TailStrategy::GuardWithIf);
        a.cos_tw.gpu_tile(a.n, a.k, no, ko, mi, ki, 16, 16, TailStrategy::GuardWithIf);
        a.sin_tw.gpu_tile(a.n, a.k, no, ko, mi, ki, 16, 16, TailStrategy::GuardWithIf);
        a.re.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.re.update().gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.im.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.im.update().gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
        a.P.gpu_tile(a.k, a.t, ko, to, ki, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
