// Naive schedule for `lstm_step`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.ih_dot, a.hh_dot, a.gates, a.in_gate, a.forget, a.cell, a.out_gate}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, bo, xi, bi;
        for (Func f : {a.ih_dot, a.hh_dot}) {
            f.gpu_tile(a.j, a.b, xo, bo, xi, bi, 64, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.j, a.b, xo, bo, xi, bi, 64, 1, TailStrategy::GuardWithIf);
        }
        a.gates.gpu_tile(a.j, a.b, xo, bo, xi, bi, 64, 1, TailStrategy::GuardWithIf);
        for (Func f : {a.in_gate, a.forget, a.cell, a.out_gate, a.c_new, a.h_new}) {
            f.gpu_tile(a.n, a.b, xo, bo, xi, bi, 64, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
