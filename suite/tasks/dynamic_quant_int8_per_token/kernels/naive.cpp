// Naive schedule for `dynamic_quant_int8_per_token`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.absmax.compute_root();
    a.inv.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.absmax.gpu_tile(a.m, yo, yi, 64, TailStrategy::GuardWithIf);
        a.absmax.update().gpu_tile(a.m, yo, yi, 64, TailStrategy::GuardWithIf);
        a.inv.gpu_tile(a.m, yo, yi, 64, TailStrategy::GuardWithIf);
        a.q.gpu_tile(a.k, a.m, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.scale.gpu_tile(a.m, yo, yi, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
