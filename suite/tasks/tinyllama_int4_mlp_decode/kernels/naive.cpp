// Naive schedule for `tinyllama_int4_mlp_decode`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends (the sum of squares on a single GPU
// thread). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.ss, a.h, a.g_dot, a.u_dot, a.act, a.d_dot}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, xi;
        a.ss.gpu_single_thread();
        a.ss.update().gpu_single_thread();
        for (Func f : {a.h, a.g_dot, a.u_dot, a.act, a.d_dot, a.y}) {
            f.gpu_tile(a.n, xo, xi, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.n, xo, xi, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
