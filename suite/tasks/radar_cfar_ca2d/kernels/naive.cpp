// Naive schedule for `radar_cfar_ca2d`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.padded, a.outer, a.inner, a.count}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.padded, a.outer, a.inner, a.snr}) {
            f.gpu_tile(a.r, a.d, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.outer, a.inner}) {
            f.update().gpu_tile(a.r, a.d, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        a.count.gpu_tile(a.r, xo, xi, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
