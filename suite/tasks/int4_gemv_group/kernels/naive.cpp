// Naive schedule for `int4_gemv_group`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.q.compute_root();
    a.w.compute_root();
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.q.gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.w.gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.dot.gpu_tile(a.n, yo, yi, 64, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, yo, yi, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, yo, yi, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
