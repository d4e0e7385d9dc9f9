// Naive schedule for `kalman_update`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.x_pred, a.FP, a.P_pred, a.innov, a.S, a.S_inv, a.K}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, to, ii, ti, jo, ji;
        for (Func f : {a.x_pred, a.innov, a.x_new}) {
            f.gpu_tile(a.i, a.t, io, to, ii, ti, 1, 256, TailStrategy::GuardWithIf);
        }
        // t on the threads' x dimension: a block's z dimension holds at most 64 threads on
        // NVIDIA GPUs (CUDA and OpenCL both refused a (1, 1, 256) block).
        for (Func f : {a.FP, a.P_pred, a.S, a.S_inv, a.K, a.P_new}) {
            f.reorder(a.t, a.j, a.i).gpu_tile(a.t, a.j, a.i, to, jo, io, ti, ji, ii, 256, 1, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
