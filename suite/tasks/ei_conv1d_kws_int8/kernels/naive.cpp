// Naive schedule for `ei_conv1d_kws_int8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.xin, a.acc1, a.a1, a.p1, a.p1in, a.acc2, a.a2, a.p2, a.acc3}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy g = TailStrategy::GuardWithIf;
        for (Func f : {a.xin, a.acc1, a.a1, a.p1, a.p1in, a.acc2, a.a2, a.p2}) {
            f.gpu_tile(a.f, a.t, o0, o1, i0, i1, 16, 16, g);
        }
        a.acc1.update().gpu_tile(a.f, a.t, o0, o1, i0, i1, 16, 16, g);
        a.acc2.update().gpu_tile(a.f, a.t, o0, o1, i0, i1, 16, 16, g);
        a.acc3.gpu_tile(a.k, o0, i0, 16, g);
        a.acc3.update().gpu_tile(a.k, o0, i0, 16, g);
        a.logits.gpu_tile(a.k, a.n, o0, o1, i0, i1, 16, 16, g);
    }
    // @end
    return a.kernel();
}
