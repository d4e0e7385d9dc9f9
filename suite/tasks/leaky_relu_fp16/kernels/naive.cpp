// Naive schedule for `leaky_relu_fp16`: every stage at root, serial and scalar on CPU; one default GPU
// tile per stage on GPU backends (16x16 over x, y; one block row per channel). Also the task's
// trusted reference (built for cpu).
// float16 variant of `leaky_relu` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // one stage: nothing to place.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
