// Naive schedule for `adaptive_avgpool6`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (8x8 bins, one block per channel). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.total.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.total.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
        a.total.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
