// Naive schedule for `cholesky_solve6x6`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.H.compute_root();
    for (Func f : a.scalar_stages()) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, bi, ro, ri;
        a.H.gpu_tile(a.r, a.b, ro, bo, ri, bi, 8, 32, TailStrategy::GuardWithIf);
        for (Func f : a.scalar_stages()) f.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.x.gpu_tile(a.i, a.b, ro, bo, ri, bi, 8, 32, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
