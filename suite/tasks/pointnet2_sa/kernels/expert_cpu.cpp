// Expert cpu schedule for `pointnet2_sa`, as point-cloud runtimes fuse a set abstraction:
// centroids in parallel; for one centroid its group is gathered once (relative coordinates
// + features, K x (3 + Cin)), then the three shared-MLP layers run on the group while it is
// in cache (K x C floats per layer), each a register-tiled product: 2 vectors of output
// channels x 4 neighbours of accumulators, the weights copied once transposed (output
// channel innermost) so a vector of channels is one load against a broadcast input; the
// bias and ReLU in the tile's epilogue; then the max over the group, vectorized over
// channels. Nothing of a group goes to memory but its pooled feature vector. Tails
// GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int kq = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var oo{"oo"}, oi{"oi"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w1, a.h1_dot}, {a.w2, a.h2_dot}, {a.w3, a.h3_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).reorder(o, i).vectorize(o, vec, guard);
    }
    Func grp = a.pooled.in();
    grp.compute_root();
    a.pooled.compute_at(grp, a.s);
    a.inp.compute_at(grp, a.s);
    // One layer: `out` (bias + ReLU of `dot`) over the group, in 2-vector x 4-neighbour tiles.
    auto layer = [&](Func out, Func dot, RDom r) {
        out.compute_at(grp, a.s);
        out.tile(a.o, a.k, oo, ko, oi, ki, 2 * vec, kq, guard).reorder(oi, ki, oo, ko);
        out.vectorize(oi, vec, guard).unroll(oi).unroll(ki);
        dot.compute_at(out, oo).bound_storage(a.o, 2 * vec).bound_storage(a.k, kq);
        dot.vectorize(a.o, vec, guard).unroll(a.o).unroll(a.k);
        dot.update().reorder(a.o, a.k, r.x).vectorize(a.o, vec, guard).unroll(a.o).unroll(a.k);
    };
    // @layer loops
    grp.parallel(a.s).vectorize(a.o, vec, guard);
    layer(a.h1, a.h1_dot, a.r1);
    layer(a.h2, a.h2_dot, a.r2);
    layer(a.h3, a.h3_dot, a.r3);
    // @layer vector
    a.pooled.vectorize(a.o, vec, guard);
    a.pooled.update().reorder(a.o, a.rk.x).vectorize(a.o, vec, guard);
    a.new_feat.vectorize(a.o, vec, guard).parallel(a.s);
    // @end
    return a.kernel();
}
