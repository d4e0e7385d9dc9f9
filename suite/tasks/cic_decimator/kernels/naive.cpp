// Naive schedule for `cic_decimator`: every stage at root, serial and scalar on CPU; on GPU
// backends one default GPU tile per stage (the integrator scans run serially over the samples
// in one thread per channel). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.v1, a.v2, a.v3, a.w, a.c1, a.c2, a.c3}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, co, ci;
        for (Func f : {a.v1, a.v2, a.v3}) {
            f.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.w, a.c1, a.c2, a.c3, a.y}) f.gpu_tile(a.j, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
