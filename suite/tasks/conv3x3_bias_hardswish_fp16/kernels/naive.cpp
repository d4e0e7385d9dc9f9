// Naive schedule for `conv3x3_bias_hardswish_fp16`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
// float16 variant of `conv3x3_bias_hardswish` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.padded.compute_root();
    a.conv.compute_root();
    a.biased.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        a.padded.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.conv.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.conv.update().gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.biased.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
