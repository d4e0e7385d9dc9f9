// Naive schedule for `lidar_spherical_projection`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.depth.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, ko, ki;
        a.depth.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.proj.gpu_tile(a.k, a.n, ko, no, ki, ni, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
