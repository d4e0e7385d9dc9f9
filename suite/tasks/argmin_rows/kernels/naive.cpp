// Naive schedule for `argmin_rows`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (tiled over rows only). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.best.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var to, ti;
        a.best.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.best.update().gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.index.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
