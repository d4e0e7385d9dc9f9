// Naive schedule for `pointnet_features`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.conv1, a.h1, a.conv2, a.h2, a.conv3, a.h3}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci;
        for (Func f : {a.conv1, a.conv2, a.conv3}) {
            f.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.h1, a.h2, a.h3}) {
            f.gpu_tile(a.n, a.c, no, co, ni, ci, 16, 16, TailStrategy::GuardWithIf);
        }
        a.feat.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
        a.feat.update().gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
