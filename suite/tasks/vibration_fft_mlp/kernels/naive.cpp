// Naive schedule for `vibration_fft_mlp`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.mean, a.xc, a.rms, a.win, a.tw, a.spec, a.band, a.h1, a.h2, a.logits, a.lmax, a.esum}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy g = TailStrategy::GuardWithIf;
        for (Func f : {a.mean, a.rms}) {
            f.gpu_tile(a.c, o0, i0, 16, g);
            f.update().gpu_tile(a.c, o0, i0, 16, g);
        }
        a.xc.gpu_tile(a.n, a.c, o0, o1, i0, i1, 16, 16, g);
        a.win.gpu_tile(a.n, o0, i0, 16, g);
        a.tw.gpu_tile(a.kb, a.n, o0, o1, i0, i1, 16, 16, g);
        a.spec.gpu_tile(a.kb, a.c, o0, o1, i0, i1, 16, 16, g);
        a.spec.update().gpu_tile(a.kb, a.c, o0, o1, i0, i1, 16, 16, g);
        a.band.gpu_tile(a.b, a.c, o0, o1, i0, i1, 16, 16, g);
        a.band.update().gpu_tile(a.b, a.c, o0, o1, i0, i1, 16, 16, g);
        a.feats.gpu_tile(a.j, a.c, o0, o1, i0, i1, 16, 16, g);
        for (Func f : {a.h1, a.h2, a.logits}) {
            f.gpu_tile(a.o, o0, i0, 16, g);
            f.update().gpu_tile(a.o, o0, i0, 16, g);
        }
        for (Func f : {a.lmax, a.esum}) {
            f.gpu_tile(a.u, o0, i0, 16, g);
            f.update().gpu_tile(a.u, o0, i0, 16, g);
        }
        a.probs.gpu_tile(a.o, a.u, o0, o1, i0, i1, 16, 16, g);
    }
    // @end
    return a.kernel();
}
