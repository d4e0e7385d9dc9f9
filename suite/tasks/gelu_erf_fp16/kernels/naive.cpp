// Naive schedule for `gelu_erf_fp16`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (16x16 over features and rows). Also the task's trusted
// reference (built for cpu).
// float16 variant of `gelu_erf` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.cdf.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, tox, dix, tix;
        a.cdf.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
