// Naive schedule for `causal_softmax`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (per-row reductions tiled over rows only). Also
// the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.masked.compute_root();
    a.row_max.compute_root();
    a.ex.compute_root();
    a.row_sum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var so, to, ho, si, ti, hi;
        a.masked.gpu_tile(a.s, a.t, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        a.row_max.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.row_max.update().gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.ex.gpu_tile(a.s, a.t, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        a.row_sum.gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.row_sum.update().gpu_tile(a.t, to, ti, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.s, a.t, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
