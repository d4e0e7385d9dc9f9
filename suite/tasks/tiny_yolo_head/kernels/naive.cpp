// Naive schedule for `tiny_yolo_head`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.conv.compute_root();
    a.pred.compute_root();
    a.sig.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        a.conv.gpu_tile(a.gx, a.gy, a.ch, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.conv.update().gpu_tile(a.gx, a.gy, a.ch, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.pred.gpu_tile(a.gx, a.gy, a.ch, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.sig.gpu_tile(a.gx, a.gy, a.ch, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.k, a.gx, a.gy, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
