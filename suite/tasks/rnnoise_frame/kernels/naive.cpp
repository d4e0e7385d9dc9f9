// Naive schedule for `rnnoise_frame`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : a.stages()) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, xi;
        for (Func f : a.stages()) {
            f.gpu_tile(a.j, xo, xi, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.j, xo, xi, 16, TailStrategy::GuardWithIf);
        }
        Var yo, yi;
        for (Func f : {a.gains, a.h_vad_new, a.h_noise_new, a.h_den_new})
            f.gpu_tile(a.j, a.b, xo, yo, xi, yi, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
