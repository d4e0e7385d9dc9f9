// Naive schedule for `nchw_to_nhwc`: the plain default schedule, serial and scalar on CPU; one
// default GPU tile on GPU backends (16x16 over c, x; one block row per output row). Also the
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
        Var co, xo, ci, xi;
        a.output.gpu_tile(a.c, a.x, co, xo, ci, xi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.y);
    }
    // @end
    return a.kernel();
}
