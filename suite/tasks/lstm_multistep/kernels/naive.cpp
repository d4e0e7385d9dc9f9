// Naive schedule for `lstm_multistep`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the recurrences, serial over their reduction
// domain, one GPU thread each). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.gi0, a.state0, a.gi1, a.state1}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.gi0, a.gi1}) {
            f.gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.state0, a.state1}) {
            f.gpu_tile(a.k, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_single_thread();
        }
        a.y.gpu_tile(a.k, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
