// Naive schedule for `topk_values`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (tiled over rows only). Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.top.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ro, ri, jo, ji;
        a.top.gpu_tile(a.r, ro, ri, 16, TailStrategy::GuardWithIf);
        a.top.update().gpu_tile(a.r, ro, ri, 16, TailStrategy::GuardWithIf);
        a.values.gpu_tile(a.j, a.r, jo, ro, ji, ri, 8, 8, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
