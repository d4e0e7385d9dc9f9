// Naive schedule for `rigid_transform`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, no, ii, ni;
        a.rot.gpu_tile(a.i, a.n, io, no, ii, ni, 4, 64, TailStrategy::GuardWithIf);
        a.rot.update().gpu_tile(a.i, a.n, io, no, ii, ni, 4, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.i, a.n, io, no, ii, ni, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
