// Expert cuda schedule for `imu_preintegration_window`: one thread per keyframe interval,
// 64 per block, walking its samples with the 33 state values in registers (the intervals are
// independent chains); the samples repacked once interval-innermost so that the threads of
// a block read adjacent addresses at each step (coalesced); the outputs one thread per value.
// Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo, yo, zo, xi, yi, zi, rq;
    // @layer compute
    a.st.compute_root();
    for (ImageParam in : {a.gyro, a.acc}) {
        Func w = in.in(a.st);
        Var j = w.args()[0], i = w.args()[1], k = w.args()[2];
        w.compute_root().reorder_storage(k, j, i).reorder(k, j, i).gpu_tile(k, i, xo, yo, xi, yi, 64, 4, guard);
    }
    // @layer loops
    a.st.gpu_tile(a.k, a.i, xo, yo, xi, yi, 64, 4, guard);
    a.st.update().gpu_tile(a.k, xo, xi, 64, guard);
    // @layer vector
    a.dR.gpu_tile(a.c, a.r, a.k, xo, yo, zo, xi, yi, zi, 4, 4, 16, guard);
    a.dv.gpu_tile(a.c, a.k, xo, yo, xi, yi, 4, 64, guard);
    a.dp.gpu_tile(a.c, a.k, xo, yo, xi, yi, 4, 64, guard);
    a.jac.fuse(a.r, a.q, rq).gpu_tile(a.c, rq, a.k, xo, yo, zo, xi, yi, zi, 4, 8, 8, guard);
    // @end
    return a.kernel();
}
