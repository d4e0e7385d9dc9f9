// Naive schedule for `gemv_decode_fp16`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
// float16 variant of `gemv_decode` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni;
        a.dot.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
