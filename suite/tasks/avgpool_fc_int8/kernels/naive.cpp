// Naive schedule for `avgpool_fc_int8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.total.compute_root();
    a.pooled.compute_root();
    a.dot.compute_root();
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o, i, no, ni;
        a.total.gpu_tile(a.c, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.total.update().gpu_tile(a.c, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.pooled.gpu_tile(a.c, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.dot.gpu_tile(a.k, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.k, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.acc.gpu_tile(a.k, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.k, a.n, o, no, i, ni, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
