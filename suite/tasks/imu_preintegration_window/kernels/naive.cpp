// Naive schedule for `imu_preintegration_window`: the scan at root, serial and scalar on
// CPU; on GPU backends one default GPU tile per stage (the scan's update one GPU thread per
// interval walking its samples). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.st.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi, rq;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.st.gpu_tile(a.k, a.i, xo, yo, xi, yi, 16, 16, g);
        a.st.update().gpu_tile(a.k, xo, xi, 16, g);
        a.dR.gpu_tile(a.c, a.r, a.k, xo, yo, zo, xi, yi, zi, 4, 4, 16, g);
        a.dv.gpu_tile(a.c, a.k, xo, yo, xi, yi, 4, 16, g);
        a.dp.gpu_tile(a.c, a.k, xo, yo, xi, yi, 4, 16, g);
        a.jac.fuse(a.r, a.q, rq).gpu_tile(a.c, rq, a.k, xo, yo, zo, xi, yi, zi, 4, 8, 8, g);
    }
    // @end
    return a.kernel();
}
