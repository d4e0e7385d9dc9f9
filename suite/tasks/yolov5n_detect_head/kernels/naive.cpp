// Naive schedule for `yolov5n_detect_head`: every conv at root, serial and scalar on CPU
// (the decode inlined into the output); one default GPU tile per stage on GPU backends.
// Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : a.conv) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var oo, xo, yo, oi, xi, yi, ko, ro, ki, ri;
        for (Func f : a.conv) {
            f.gpu_tile(a.o, a.gx, a.gy, oo, xo, yo, oi, xi, yi, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.o, a.gx, a.gy, oo, xo, yo, oi, xi, yi, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.y.gpu_tile(a.k, a.r, ko, ro, ki, ri, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
