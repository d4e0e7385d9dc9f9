// Naive schedule for `space_to_depth_focus`: the plain default schedule, serial and scalar on CPU;
// one default GPU tile on GPU backends (16x16 over x, y; one block row per channel). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    // one stage.
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
