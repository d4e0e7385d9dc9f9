// Naive schedule for `matmul_fp16`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
// float16 variant of `matmul` with its schedule: float16 in and out, arithmetic in float as algorithm.h defines it.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.prod.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, io, ji, ii;
        a.prod.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
        a.prod.update().gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
        a.C.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
