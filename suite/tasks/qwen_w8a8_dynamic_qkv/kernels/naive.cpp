// Naive schedule for `qwen_w8a8_dynamic_qkv`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.absmax, a.inv, a.xq, a.acc}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.absmax, a.inv}) {
            f.gpu_tile(a.t, xo, xi, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.t, xo, xi, 16, TailStrategy::GuardWithIf);
        }
        a.xq.gpu_tile(a.k, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.acc.gpu_tile(a.n, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.n, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
