// Naive schedule for `zero_crossing_rate`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.cross.compute_root();
    a.count.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, co, ii, ci, fo, fi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.cross.gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, guard);
        a.count.gpu_tile(a.f, a.c, fo, co, fi, ci, 16, 16, guard);
        a.count.update().gpu_tile(a.f, a.c, fo, co, fi, ci, 16, 16, guard);
        a.zcr.gpu_tile(a.f, a.c, fo, co, fi, ci, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
