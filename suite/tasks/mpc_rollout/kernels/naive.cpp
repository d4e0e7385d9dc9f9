// Naive schedule for `mpc_rollout`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the rollout and the cost reductions tiled over
// the samples only). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.drive.compute_root();
    a.traj.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        for (Stage s : {Stage(a.drive), a.drive.update(), Stage(a.traj), Stage(a.states)}) {
            s.gpu_tile(a.i, a.t, a.n, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Stage s : {a.traj.update(), Stage(a.cost), a.cost.update(0), a.cost.update(1)}) {
            s.gpu_tile(a.n, xo, xi, 64, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
