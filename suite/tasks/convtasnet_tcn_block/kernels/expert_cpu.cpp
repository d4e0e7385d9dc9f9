// Expert cpu schedule for `convtasnet_tcn_block`, in the passes the two global layer norms
// force (each needs all of its input before any normalized value exists):
//   1. h1 = PReLU(1x1 conv + bias) in register tiles of 2 vectors of frames x 4 channels
//      (8 accumulators across the B input channels: one input vector feeds 4 FMAs against
//      broadcast weights), frame tiles in parallel so each tile's B x 2 vectors of input stay
//      in L1 while all H channels are produced;
//   2. the gLN statistics: per-channel sums over time in vector partials (rfactor),
//      channels in parallel, then the channel totals;
//   3. per channel in parallel: the normalized, zero-padded row of g1 (L1), the dilated
//      3-tap depthwise conv + bias + PReLU, vectorized over frames; statistics again;
//   4. g2 normalized once, then the residual and skip 1x1 convs in the same register tiles
//      as pass 1, the biases and the residual fused into the stores.
// All splits are guarded (GuardWithIf), so any shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;  // output channels per register tile
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, u{"u"};
    RVar ro{"ro"}, ru{"ru"};
    // @layer compute
    for (Func f : {a.h1, a.h2, a.g2}) f.compute_root();
    // @layer loops
    // A 1x1 conv `dot` in register tiles of its consumer `f`, frame tiles in parallel.
    auto conv = [&](Func f, Func dot, RDom r) {
        f.split(a.t, to, ti, 2 * vec, TailStrategy::GuardWithIf)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(ti, ci, co, to, a.n)
            .parallel(to)
            .vectorize(ti, vec, TailStrategy::GuardWithIf)
            .unroll(ti)
            .unroll(ci);
        dot.compute_at(f, co).bound_storage(a.t, 2 * vec).bound_storage(a.c, chans);
        dot.vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.t).unroll(a.c);
        dot.update()
            .reorder(a.t, a.c, r.x)
            .vectorize(a.t, vec, TailStrategy::GuardWithIf)
            .unroll(a.t)
            .unroll(a.c);
    };
    conv(a.h1, a.c1, a.rb);
    conv(a.out, a.res, a.rh);
    conv(a.skip, a.skp, a.rh);
    a.h2.split(a.t, to, ti, vec, TailStrategy::GuardWithIf).reorder(ti, to, a.c, a.n).parallel(a.c);
    a.g2.parallel(a.c);
    // @layer memory
    for (task::GlobalStats *s : {&a.st1, &a.st2}) {
        for (Func red : {s->csum, s->csq}) {
            red.compute_root().parallel(a.c);
            Func part = red.update().split(a.rt.x, ro, ru, vec, TailStrategy::GuardWithIf).rfactor(ru, u);
            part.compute_at(red, a.c).vectorize(u);
            part.update().vectorize(u);
            red.update().parallel(a.c).atomic().vectorize(ru);
        }
        s->mean.compute_root();
        s->rstd.compute_root();
    }
    a.g1.compute_at(a.h2, a.c);
    a.dw.compute_at(a.h2, to);
    // @layer vector
    a.g1.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    a.dw.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    a.dw.update().reorder(a.t, a.rk).vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.rk);
    a.h2.vectorize(ti);
    a.g2.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
