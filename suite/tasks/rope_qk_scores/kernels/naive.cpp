// Naive schedule for `rope_qk_scores`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.qr.compute_root();
    a.kr.compute_root();
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, ho, xi, yi, hi;
        a.qr.gpu_tile(a.d, a.t, a.h, xo, yo, ho, xi, yi, hi, 16, 16, 1, TailStrategy::GuardWithIf);
        a.kr.gpu_tile(a.d, a.s, a.h, xo, yo, ho, xi, yi, hi, 16, 16, 1, TailStrategy::GuardWithIf);
        a.dot.gpu_tile(a.s, a.t, a.h, xo, yo, ho, xi, yi, hi, 16, 16, 1, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.s, a.t, a.h, xo, yo, ho, xi, yi, hi, 16, 16, 1, TailStrategy::GuardWithIf);
        a.scores.gpu_tile(a.s, a.t, a.h, xo, yo, ho, xi, yi, hi, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
