// Expert opencl schedule for `pointnet2_msg_sa`, scale by scale and layer by layer, as a GPU
// runtime runs a set abstraction whose groups do not fit in shared memory: each gather one
// work-item per element; each shared-MLP layer one kernel, one work-item per (output channel, 4
// neighbours of a centroid) with the 4 dot products in registers, 16 x 4 work-groups, the
// weights copied once transposed so adjacent work-items read adjacent weights, bias + ReLU
// fused; the max over each group one work-item per (channel, centroid); the concat one work-item
// per output element. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, kv{"kv"};
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.wa1, a.sa.h1_dot}, {a.wa2, a.sa.h2_dot}, {a.wa3, a.sa.h3_dot},
                                                   {a.wb1, a.sb.h1_dot}, {a.wb2, a.sb.h2_dot}, {a.wb3, a.sb.h3_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).gpu_tile(o, i, xo, yo, xi, yi, 16, 4, guard);
    }
    auto layer = [&](Func out, Func dot, RDom r) {
        out.split(a.k, a.k, kv, 4, guard).reorder(kv, a.o, a.k, a.s)
            .gpu_tile(a.o, a.k, a.s, xo, yo, zo, xi, yi, zi, 16, 4, 1, guard).unroll(kv);
        dot.compute_at(out, xi).store_in(MemoryType::Register).unroll(a.k);
        dot.update().reorder(a.k, a.o, r.x).unroll(a.k);
    };
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        for (Func f : {sc->inp, sc->h1, sc->h2, sc->h3, sc->pooled}) f.compute_root();
    }
    // @layer loops
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        sc->inp.gpu_tile(a.j, a.k, a.s, xo, yo, zo, xi, yi, zi, 8, 16, 1, guard);
        layer(sc->h1, sc->h1_dot, sc->r1);
        layer(sc->h2, sc->h2_dot, sc->r2);
        layer(sc->h3, sc->h3_dot, sc->r3);
        sc->pooled.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
        sc->pooled.update().gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
    }
    // @layer vector
    a.new_xyz.gpu_tile(a.j, a.s, xo, yo, xi, yi, 4, 32, guard);
    a.new_feat.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 4, guard);
    // @end
    return a.kernel();
}
