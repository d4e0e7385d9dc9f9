// Naive schedule for `channel_shuffle`: every stage at root, serial and scalar on CPU (the
// grouped view is materialized, then read transposed); one default GPU tile per stage on GPU
// backends (16x16 over x, y; one block row per channel). Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.grouped.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.grouped.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.i);
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
