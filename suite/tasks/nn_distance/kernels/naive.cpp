// Naive schedule for `nn_distance`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.d.compute_root();
    a.best.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, no, mi, ni;
        a.d.gpu_tile(a.m, a.n, mo, no, mi, ni, 16, 16, TailStrategy::GuardWithIf);
        a.best.gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
        a.best.update().gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
        a.dist.gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
        a.index.gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
