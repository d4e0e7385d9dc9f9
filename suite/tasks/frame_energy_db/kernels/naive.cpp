// Naive schedule for `frame_energy_db`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (tiled over frames). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.sq.compute_root();
    a.sum_sq.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, fo, ni, fi;
        a.sq.gpu_tile(a.n, a.f, no, fo, ni, fi, 16, 16, TailStrategy::GuardWithIf);
        a.sum_sq.gpu_tile(a.f, fo, fi, 64, TailStrategy::GuardWithIf);
        a.sum_sq.update().gpu_tile(a.f, fo, fi, 64, TailStrategy::GuardWithIf);
        a.energy.gpu_tile(a.f, fo, fi, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
