// Naive schedule for `bilinear_resize_conv1x1`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.hinterp.compute_root();
    a.up.compute_root();
    a.conv.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, cj;
        for (Func f : {a.hinterp, a.up, a.conv, a.output}) {
            f.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.conv.update().gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
