// Naive schedule for `fastslam_landmark_update`: the per-particle update at root, serial and
// scalar on CPU; one default GPU tile per stage on GPU backends. Also the task's trusted
// reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.upd.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        a.upd.gpu_tile(a.p, xo, xi, 64, gd);
        a.mean.gpu_tile(a.j, a.p, xo, yo, xi, yi, 2, 64, gd);
        a.cov.gpu_tile(a.j, a.i, a.p, xo, yo, zo, xi, yi, zi, 2, 2, 16, gd);
        a.logw.gpu_tile(a.p, xo, xi, 64, gd);
    }
    // @end
    return a.kernel();
}
