// Naive schedule for `min_columns`: every stage at root, serial and scalar on CPU; one default GPU
// tile per stage on GPU backends (64 columns per block). Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var dox, dix;
        a.acc.gpu_tile(a.d, dox, dix, 64, TailStrategy::GuardWithIf);
        a.acc.update().gpu_tile(a.d, dox, dix, 64, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, dox, dix, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
