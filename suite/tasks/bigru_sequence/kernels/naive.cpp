// Naive schedule for `bigru_sequence`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the recurrences, serial over their reduction
// domain, one GPU thread each). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.gi_f, a.gi_b, a.state_f, a.state_b}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.gi_f, a.gi_b}) {
            f.gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.state_f, a.state_b}) {
            f.gpu_tile(a.k, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_single_thread();
        }
        a.y.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
