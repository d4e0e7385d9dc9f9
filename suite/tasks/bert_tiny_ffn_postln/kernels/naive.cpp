// Naive schedule for `bert_tiny_ffn_postln`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> mats = {a.f1_dot, a.ff, a.f2_dot, a.z};
    const std::vector<Func> rows = {a.sum, a.mean, a.sum_sq, a.rstd};
    // @layer compute
    for (Func f : mats) f.compute_root();
    for (Func f : rows) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : mats) {
            f.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : rows) {
            f.gpu_tile(a.t, yo, yi, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.t, yo, yi, 16, TailStrategy::GuardWithIf);
        }
        a.y.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
