// Naive schedule for `gru_step`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.gi, a.gh, a.r, a.z, a.n}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, ji;
        for (Func f : {a.gi, a.gh}) {
            f.gpu_tile(a.j, jo, ji, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.j, jo, ji, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.r, a.z, a.n, a.h_new}) {
            f.gpu_tile(a.j, jo, ji, 64, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
