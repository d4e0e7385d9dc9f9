// Expert cpu schedule for `convtasnet_separator`: each 1x1 conv (bottleneck, the blocks'
// first convs, residual and skip convs, the mask conv) in register tiles of 2 vectors of
// frames x 4 output channels (8 accumulators across the input channels: one activation
// vector feeds 4 FMAs against broadcast weights), frame tiles in parallel so each tile's
// input columns stay in L1 while all output channels are produced; bias, PReLU, residual,
// skip accumulation and the sigmoid fused into the stores. Each global layer norm is a pass
// of per-channel sums in vector partials (rfactor), channels in parallel; the depthwise
// dilated conv runs per channel in parallel on a normalized, zero-padded row (L1),
// vectorized over frames. The last block's residual output is dead (only the skips feed the
// masks), so it is never computed. All splits are guarded (GuardWithIf), so any shape
// (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;  // output channels per register tile
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, u{"u"};
    RVar ro{"ro"}, ru{"ru"};
    // A 1x1 conv `dot` over `r` in register tiles of its consumer `f`, frame tiles in parallel.
    auto conv = [&](Func f, Func dot, RDom r) {
        f.compute_root()
            .split(a.t, to, ti, 2 * vec, TailStrategy::GuardWithIf)
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
    // The global statistics: per-channel sums in vector partials, channels in parallel.
    auto stats = [&](task::GlobalStats &s) {
        for (Func red : {s.csum, s.csq}) {
            red.compute_root().parallel(a.c);
            Func part = red.update().split(a.rt.x, ro, ru, vec, TailStrategy::GuardWithIf).rfactor(ru, u);
            part.compute_at(red, a.c).vectorize(u);
            part.update().vectorize(u);
            red.update().parallel(a.c).atomic().vectorize(ru);
        }
        s.mean.compute_root();
        s.rstd.compute_root();
    };
    // @layer compute
    // @layer loops
    stats(a.st0[0]);
    a.g0.compute_root().parallel(a.c).vectorize(a.t, vec, TailStrategy::GuardWithIf);
    conv(a.o0, a.bn, a.rn);
    for (size_t i = 0; i < a.blk.size(); i++) {
        task::Block &b = a.blk[i];
        conv(b.h1, b.c1, a.rb);
        stats(b.st[0]);
        b.h2.compute_root().split(a.t, to, ti, vec, TailStrategy::GuardWithIf).reorder(ti, to, a.c, a.n).parallel(a.c);
        b.g1.compute_at(b.h2, a.c).vectorize(a.t, vec, TailStrategy::GuardWithIf);
        b.dw.compute_at(b.h2, to).vectorize(a.t, vec, TailStrategy::GuardWithIf);
        b.dw.update().reorder(a.t, a.rk).vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.rk);
        b.h2.vectorize(ti);
        stats(b.st[1]);
        b.g2.compute_root().parallel(a.c).vectorize(a.t, vec, TailStrategy::GuardWithIf);
        if (i + 1 < a.blk.size()) conv(b.o, b.res, a.rh);
        conv(b.s, b.skp, a.rh);
    }
    conv(a.masks, a.mk, a.rsk);
    // @layer memory
    // (the compute_at placements are set with each stage above)
    // @layer vector
    // (the vectorization is set with each stage above)
    // @end
    return a.kernel();
}
