// Naive schedule for `embedding_gather`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.row.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var to, ti, dO, di;
        a.row.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.d, a.t, dO, to, di, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
