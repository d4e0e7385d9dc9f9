// Naive schedule for `vibration_band_energy`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.coef, a.xz, a.rec, a.energy}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, co, bi, ci, no, ni;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.coef.gpu_tile(a.b, bo, bi, 16, guard);
        a.xz.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, guard);
        a.rec.gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
        a.rec.update().gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
        a.energy.gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
        a.energy.update().gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
        a.E.gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
    }
    // @end
    return a.kernel();
}
