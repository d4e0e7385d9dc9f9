// Naive schedule for `point_projection`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.cam.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var co, no, ci, ni;
        a.cam.gpu_tile(a.c, a.n, co, no, ci, ni, 1, 256, TailStrategy::GuardWithIf);
        a.uv.gpu_tile(a.c, a.n, co, no, ci, ni, 1, 256, TailStrategy::GuardWithIf);
        a.depth.gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
