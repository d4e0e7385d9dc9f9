// Expert cpu schedule for `pointnet2_msg_sa`, as point-cloud runtimes fuse a set
// abstraction: centroids in parallel; for one centroid each scale's group is gathered once
// (relative coordinates + features, K x (3 + Cin)), then the scale's three shared-MLP layers
// run on the group while it is in cache, each a register-tiled product: 2 vectors of output
// channels x 4 neighbours of accumulators, the weights copied once transposed (output
// channel innermost) so a vector of channels is one load against a broadcast input; bias and
// ReLU in the tile's epilogue; then the max over the group, vectorized over channels, and the
// concat of the two scales written straight into the output row. Nothing of a group goes to
// memory but its pooled feature vector. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int kq = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var oo{"oo"}, oi{"oi"}, ko{"ko"}, ki{"ki"};
    // One layer of a group: `out` (bias + ReLU of `dot`) in 2-vector x 4-neighbour tiles.
    auto layer = [&](Func out, Func dot, RDom r) {
        out.compute_at(a.new_feat, a.s);
        out.tile(a.o, a.k, oo, ko, oi, ki, 2 * vec, kq, guard).reorder(oi, ki, oo, ko);
        out.vectorize(oi, vec, guard).unroll(oi).unroll(ki);
        dot.compute_at(out, oo).bound_storage(a.o, 2 * vec).bound_storage(a.k, kq);
        dot.vectorize(a.o, vec, guard).unroll(a.o).unroll(a.k);
        dot.update().reorder(a.o, a.k, r.x).vectorize(a.o, vec, guard).unroll(a.o).unroll(a.k);
    };
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.wa1, a.sa.h1_dot}, {a.wa2, a.sa.h2_dot}, {a.wa3, a.sa.h3_dot},
                                                   {a.wb1, a.sb.h1_dot}, {a.wb2, a.sb.h2_dot}, {a.wb3, a.sb.h3_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).reorder(o, i).vectorize(o, vec, guard);
    }
    // @layer loops
    a.new_feat.parallel(a.s);
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        layer(sc->h1, sc->h1_dot, sc->r1);
        layer(sc->h2, sc->h2_dot, sc->r2);
        layer(sc->h3, sc->h3_dot, sc->r3);
    }
    // @layer memory
    // Each scale's pooled vector is exactly its channels (new_feat's concat asks the second
    // scale for max(o - A3, 0), a region Halide cannot size at compile time, and the
    // register tiles need a constant extent).
    a.sa.pooled.bound(a.o, 0, a.ba3.dim(0).extent());
    a.sb.pooled.bound(a.o, 0, a.bb3.dim(0).extent());
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        sc->inp.compute_at(a.new_feat, a.s);
        sc->pooled.compute_at(a.new_feat, a.s);
    }
    // @layer vector
    for (task::Algorithm::Scale *sc : {&a.sa, &a.sb}) {
        sc->pooled.vectorize(a.o, vec, guard);
        sc->pooled.update().reorder(a.o, sc->rk.x).vectorize(a.o, vec, guard);
    }
    a.new_feat.vectorize(a.o, vec, guard);
    // @end
    return a.kernel();
}
