// Naive schedule for `fc_autoencoder_int8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int layers = task::Algorithm::layers;
    // @layer compute
    for (int k = 0; k < layers; k++) {
        a.lin[k].compute_root();
        a.act[k].compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var oo, bo, oi, bi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (int k = 0; k < layers; k++) {
            a.lin[k].gpu_tile(a.o, a.b, oo, bo, oi, bi, 16, 16, guard);
            a.lin[k].update().gpu_tile(a.o, a.b, oo, bo, oi, bi, 16, 16, guard);
            a.act[k].gpu_tile(a.o, a.b, oo, bo, oi, bi, 16, 16, guard);
        }
        a.y.gpu_tile(a.o, a.b, oo, bo, oi, bi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
