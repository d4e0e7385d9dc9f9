// Naive schedule for `kv_cache_append`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.slot_t.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.slot_t.gpu_tile(a.s, yo, yi, 64, TailStrategy::GuardWithIf);
        a.k_out.gpu_tile(a.d, a.s, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.v_out.gpu_tile(a.d, a.s, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
