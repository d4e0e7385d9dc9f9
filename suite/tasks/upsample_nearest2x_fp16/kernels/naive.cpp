// Naive schedule for `upsample_nearest2x_fp16`: the single stage serial and scalar on CPU; one
// default GPU tile on GPU backends. Also the task's trusted reference (built for cpu).
// float16 variant of `upsample_nearest2x` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // output is the only stage.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
