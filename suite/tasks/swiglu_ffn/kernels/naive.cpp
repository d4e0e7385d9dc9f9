// Naive schedule for `swiglu_ffn`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.gate.compute_root();
    a.up.compute_root();
    a.hidden.compute_root();
    a.down.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, to, xi, ti;
        for (Func g : {a.gate, a.up, a.down}) {
            Var v = g.args()[0];
            g.gpu_tile(v, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
            g.update().gpu_tile(v, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
        }
        a.hidden.gpu_tile(a.f, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.k, a.t, xo, to, xi, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
