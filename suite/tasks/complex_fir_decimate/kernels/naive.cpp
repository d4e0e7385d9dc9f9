// Naive schedule for `complex_fir_decimate`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.fir.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, co, ji, ci;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.fir.gpu_tile(a.j, a.c, jo, co, ji, ci, 64, 1, guard);
        a.fir.update().gpu_tile(a.j, a.c, jo, co, ji, ci, 64, 1, guard);
        a.y.gpu_tile(a.j, a.c, jo, co, ji, ci, 64, 1, guard);
    }
    // @end
    return a.kernel();
}
