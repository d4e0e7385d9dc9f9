// Naive schedule for `haar_dwt`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.a1.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci;
        for (Func f : {a.a1, a.a2, a.d2, a.d1}) f.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
