// Naive schedule for `depth_to_points`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.z.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var uo, vo, ui, vi;
        a.z.gpu_tile(a.u, a.v, uo, vo, ui, vi, 16, 16, TailStrategy::GuardWithIf);
        a.points.gpu_tile(a.u, a.v, uo, vo, ui, vi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
