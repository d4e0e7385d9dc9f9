// Naive schedule for `ekf_imu_predict`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.F, a.qp, a.sum_sq, a.FP, a.FPFt}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        for (Stage s : {Stage(a.F), Stage(a.FP), a.FP.update(), Stage(a.FPFt), a.FPFt.update(), Stage(a.P_pred)}) {
            s.gpu_tile(a.j, a.i, a.b, xo, yo, zo, xi, yi, zi, 4, 4, 16, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.qp), a.qp.update(), Stage(a.q_pred)}) {
            s.gpu_tile(a.i, a.b, xo, yo, xi, yi, 4, 64, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.sum_sq), a.sum_sq.update()}) {
            s.gpu_tile(a.b, xo, xi, 256, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
