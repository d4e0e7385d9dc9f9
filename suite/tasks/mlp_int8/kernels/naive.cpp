// Naive schedule for `mlp_int8`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.dot1, a.acc1, a.hidden, a.dot2, a.acc2}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, bo, xi, bi;
        for (Func f : {a.dot1, a.dot2}) {
            Var x = f.args()[0];
            f.gpu_tile(x, a.b, xo, bo, xi, bi, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(x, a.b, xo, bo, xi, bi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.acc1, a.hidden, a.acc2, a.output}) {
            f.gpu_tile(f.args()[0], a.b, xo, bo, xi, bi, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
