// Naive schedule for `pointnet2_msg_sa`: every layer of both scales at root, serial and
// scalar on CPU; one default GPU tile per stage on GPU backends. Also the task's trusted
// reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        for (Func f : {sc->inp, sc->h1_dot, sc->h1, sc->h2_dot, sc->h2, sc->h3_dot, sc->h3, sc->pooled}) f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
            for (Func f : {sc->inp, sc->h1_dot, sc->h1, sc->h2_dot, sc->h2, sc->h3_dot, sc->h3}) {
                Var v0 = f.args()[0];
                f.gpu_tile(v0, a.k, a.s, xo, yo, zo, xi, yi, zi, 16, 4, 4, gd);
                if (f.has_update_definition()) f.update().gpu_tile(v0, a.k, a.s, xo, yo, zo, xi, yi, zi, 16, 4, 4, gd);
            }
            sc->pooled.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
            sc->pooled.update().gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
        }
        a.new_xyz.gpu_tile(a.j, a.s, xo, yo, xi, yi, 4, 16, gd);
        a.new_feat.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
