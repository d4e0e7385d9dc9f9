// Naive schedule for `sum_rows`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (tiled over rows only). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.total.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ro, ri;
        a.total.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.total.update().gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.r, ro, ri, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
