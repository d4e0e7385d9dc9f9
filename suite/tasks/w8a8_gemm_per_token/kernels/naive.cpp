// Naive schedule for `w8a8_gemm_per_token`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.acc.gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.n, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
