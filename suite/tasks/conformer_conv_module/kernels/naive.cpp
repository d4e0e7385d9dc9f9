// Naive schedule for `conformer_conv_module`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends (the per-row LayerNorm statistics tiled
// over the time steps only). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.sum_x, a.mean, a.sum_sq, a.rstd, a.ln, a.pw1, a.glu, a.glu_padded, a.dw, a.act, a.pw2}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        for (Stage s : {Stage(a.sum_x), a.sum_x.update(), Stage(a.mean), Stage(a.sum_sq), a.sum_sq.update(),
                        Stage(a.rstd)}) {
            s.gpu_tile(a.t, xo, xi, 64, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.pw1), a.pw1.update()}) {
            s.gpu_tile(a.c, a.g, a.t, xo, yo, zo, xi, yi, zi, 16, 1, 16, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.ln), Stage(a.glu), Stage(a.glu_padded), Stage(a.dw), a.dw.update(), Stage(a.act),
                        Stage(a.pw2), a.pw2.update(), Stage(a.y)}) {
            s.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
