// Naive schedule for `gru_kws_streaming`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the recurrence, serial over its reduction
// domain, one GPU thread). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.gi, a.state, a.logits, a.lmax, a.ex, a.esum}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.gi.gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, g);
        a.gi.update().gpu_tile(a.row, a.t, xo, yo, xi, yi, 16, 16, g);
        a.state.gpu_tile(a.k, a.t, xo, yo, xi, yi, 16, 16, g);
        a.state.update().gpu_single_thread();
        a.logits.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        a.logits.update().gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        a.lmax.gpu_tile(a.t, a.b, xo, yo, xi, yi, 16, 1, g);
        a.ex.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        a.esum.gpu_tile(a.t, a.b, xo, yo, xi, yi, 16, 1, g);
        a.probs.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        a.h_n.gpu_tile(a.k, a.b, xo, yo, xi, yi, 16, 1, g);
    }
    // @end
    return a.kernel();
}
