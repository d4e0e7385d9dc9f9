// Naive schedule for `imu_complementary_filter`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends (the scan runs over t inside each GPU
// thread). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.tilt.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var so, to, si, ti;
        a.tilt.gpu_tile(a.s, a.t, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        a.angles.gpu_tile(a.s, a.t, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        a.angles.update().reorder(a.k, a.r, a.s).gpu_tile(a.s, so, si, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
