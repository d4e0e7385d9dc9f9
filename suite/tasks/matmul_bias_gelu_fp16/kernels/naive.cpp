// Naive schedule for `matmul_bias_gelu_fp16`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
// float16 variant of `matmul_bias_gelu` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    a.biased.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, to, ni, ti;
        a.dot.gpu_tile(a.n, a.t, no, to, ni, ti, 16, 16, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, a.t, no, to, ni, ti, 16, 16, TailStrategy::GuardWithIf);
        a.biased.gpu_tile(a.n, a.t, no, to, ni, ti, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.t, no, to, ni, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
