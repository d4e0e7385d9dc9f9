// Naive schedule for `signal_envelope`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.taps, a.xz, a.hil}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci, mo, mi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.taps.gpu_tile(a.m, mo, mi, 32, guard);
        a.xz.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 4, guard);
        a.hil.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 4, guard);
        a.hil.update().gpu_tile(a.i, a.c, io, co, ii, ci, 64, 4, guard);
        a.env.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 4, guard);
    }
    // @end
    return a.kernel();
}
