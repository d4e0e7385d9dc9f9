// Expert cpu schedule for `pointnet_tnet3`, as a point-cloud runtime runs the T-Net: the
// shared MLP and the max pool fused over chunks of 32 points, the chunks in parallel (the
// max split over them with rfactor, then a max over the chunks). For one chunk, h1 and h2
// are computed into small buffers (C1 x 32 and C2 x 32 floats, in cache), each layer a
// register-tiled product of 2 vectors of output channels x 4 points with the weights copied
// once transposed (channel innermost: a vector of channels is one load against a broadcast
// input value), bias and ReLU in the tile's epilogue; the 1024-channel layer never goes to
// memory: each 2-vector x 4-point tile is folded into the chunk's running max as soon as it
// is accumulated. The FC layers are GEMVs split into vector lanes of partial sums (rfactor)
// over the dense weight rows, 8 rows per group of accumulators; the 3x3 transform is then
// applied to the points vectorized over the points. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int kq = 4;      // points per register tile
    const int chunk = 32;  // points per parallel task
    const int rows = 8;    // FC rows per group of accumulators
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var oo{"oo"}, oi{"oi"}, ko{"ko"}, ki{"ki"}, q{"q"}, co{"co"}, ci{"ci"}, u{"u"};
    RVar rq{"rq"}, rp{"rp"}, rpo{"rpo"}, rpi{"rpi"};
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w1, a.conv1}, {a.w2, a.conv2}, {a.w3, a.conv3}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[2], v[1], v[0]).reorder(v[2], v[1], v[0]).vectorize(v[2], vec, guard);
    }
    Func part = a.g.update().split(a.rn.x, rq, rp, chunk, guard).rfactor(rq, q);
    part.compute_root();
    a.g.compute_root();
    std::vector<std::tuple<Func, RDom>> fcs = {{a.fc1, a.q1}, {a.fc2, a.q2}, {a.fc3, a.q3}};
    std::vector<Func> lanes;
    std::vector<RVar> ros;
    for (auto [fc, r] : fcs) {
        RVar ro, rl;
        lanes.push_back(fc.update().split(r.x, ro, rl, vec, guard).rfactor(rl, u));
        ros.push_back(ro);
        fc.compute_root();
    }
    a.mat.compute_root();
    // One layer of a chunk: `h` (bias + ReLU of `dot`) in 2-vector x 4-point tiles.
    auto layer = [&](Func h, Func dot, RDom r) {
        h.compute_at(part, q);
        h.tile(a.c, a.n, oo, ko, oi, ki, 2 * vec, kq, guard).reorder(oi, ki, oo, ko);
        h.vectorize(oi, vec, guard).unroll(oi).unroll(ki);
        dot.compute_at(h, oo).bound_storage(a.c, 2 * vec).bound_storage(a.n, kq);
        dot.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
        dot.update().reorder(a.c, a.n, r.x).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
    };
    // @layer loops
    part.vectorize(a.c, vec, guard);
    part.update().split(a.c, co, ci, 2 * vec, guard).split(rp, rpo, rpi, kq, guard)
        .reorder(ci, rpi, rpo, co, q).parallel(q);
    layer(a.h1, a.conv1, a.r1);
    layer(a.h2, a.conv2, a.r2);
    for (auto [fc, r] : fcs) {
        fc.split(a.c, co, ci, rows, guard);
        fc.update().split(a.c, co, ci, rows, guard);
    }
    // @layer memory
    a.conv3.compute_at(part, rpo).bound_storage(a.c, 2 * vec).bound_storage(a.n, kq);
    for (int k = 0; k < 3; k++) lanes[k].compute_at(std::get<0>(fcs[k]), co).bound_storage(a.c, rows);
    // @layer vector
    part.update().vectorize(ci, vec, guard);
    a.conv3.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
    a.conv3.update().reorder(a.c, a.n, a.r3.x).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
    a.g.vectorize(a.c, vec, guard);
    a.g.update().vectorize(a.c, vec, guard);
    for (int k = 0; k < 3; k++) {
        Func fc = std::get<0>(fcs[k]);
        lanes[k].vectorize(u).unroll(a.c);
        lanes[k].update().reorder(u, a.c, ros[k]).vectorize(u).unroll(a.c);
        fc.unroll(ci);
        fc.update().unroll(ci);
    }
    a.out.vectorize(a.n, vec, guard);
    // @end
    return a.kernel();
}
