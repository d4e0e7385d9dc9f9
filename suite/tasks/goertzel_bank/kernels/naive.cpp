// Naive schedule for `goertzel_bank`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.state.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ko, fo, ki, fi;
        a.state.gpu_tile(a.k, a.f, ko, fo, ki, fi, 16, 16, TailStrategy::GuardWithIf);
        a.state.update().gpu_tile(a.k, a.f, ko, fo, ki, fi, 16, 16, TailStrategy::GuardWithIf);
        a.P.gpu_tile(a.k, a.f, ko, fo, ki, fi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
