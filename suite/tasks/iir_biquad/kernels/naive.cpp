// Naive schedule for `iir_biquad`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (the recurrence tiled over channels only). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.padded.compute_root();
    a.ff.compute_root();
    a.rec.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci;
        a.padded.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
        a.ff.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
        a.rec.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
        a.rec.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
