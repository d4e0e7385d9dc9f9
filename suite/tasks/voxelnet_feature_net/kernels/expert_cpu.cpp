// Expert cpu schedule for `voxelnet_feature_net`, as a LiDAR detector's runtime runs the VFE
// stack: voxels in parallel, every activation of a voxel in cache (T x 64 floats at most).
// The concat is algebra: for a valid point W2 [p1, a1] + b2 = W2a p1 + (b2 + W2b a1), so the
// aggregated half is one small GEMV per voxel (e2, e3) that becomes the bias of the
// point-wise layer, halving the work of VFE-2 and the FCN. Each point-wise layer is a
// register-tiled product of 2 vectors of output channels x 4 points (weights copied once
// transposed: a vector of channels is one load against a broadcast input value), the mask
// and ReLU in the tile's epilogue; the FCN's tiles are folded straight into the voxel's max
// and never stored. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int kq = 4;  // points per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var c = a.c, t = a.t, v = a.v;
    Var oo{"oo"}, oi{"oi"}, to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"};
    RVar rto{"rto"}, rti{"rti"};
    // @layer compute
    // The algorithm, rewritten: for a valid point x2 = [p1, a1], so W2 x2 + b2 = W2a p1 + e2
    // with e2 = b2 + W2b a1 one vector per voxel (likewise e3 for the FCN): the aggregated
    // half of each concat costs a GEMV per voxel instead of one per point.
    Expr U1 = a.b1.dim(0).extent(), U2 = a.b2.dim(0).extent();
    RDom r1(0, a.feat.dim(0).extent(), "r1"), k1(0, U1, "k1"), k2(0, U2, "k2"), rt(0, a.feat.dim(1).extent(), "rt");
    Func valid("valid"), wt1("wt1"), wt2("wt2"), wt3("wt3");
    Func d1("d1"), p1("p1"), m1("m1"), e2("e2"), d2("d2"), p2("p2"), m2("m2"), e3("e3"), d3("d3"), out("out");
    Var k("k");
    wt1(c, k) = a.w1(k, c);
    wt2(c, k) = a.w2(k, c);
    wt3(c, k) = a.w3(k, c);
    valid(t, v) = t < a.npts(v);
    d1(c, t, v) = a.b1(c);
    d1(c, t, v) += wt1(c, r1) * a.feat(r1, t, v);
    p1(c, t, v) = select(valid(t, v), max(d1(c, t, v), 0.0f), 0.0f);
    m1(c, v) = 0.0f;
    m1(c, v) = max(m1(c, v), p1(c, rt, v));
    e2(c, v) = a.b2(c);
    e2(c, v) += wt2(c, U1 + k1) * m1(k1, v);
    d2(c, t, v) = e2(c, v);
    d2(c, t, v) += wt2(c, k1) * p1(k1, t, v);
    p2(c, t, v) = select(valid(t, v), max(d2(c, t, v), 0.0f), 0.0f);
    m2(c, v) = 0.0f;
    m2(c, v) = max(m2(c, v), p2(c, rt, v));
    e3(c, v) = a.b3(c);
    e3(c, v) += wt3(c, U2 + k2) * m2(k2, v);
    d3(c, t, v) = e3(c, v);
    d3(c, t, v) += wt3(c, k2) * p2(k2, t, v);
    out(c, v) = 0.0f;
    out(c, v) = max(out(c, v), select(valid(rt, v), max(d3(c, rt, v), 0.0f), 0.0f));
    for (Func w : {wt1, wt2, wt3}) w.compute_root().vectorize(c, vec, guard);
    // A point-wise layer of one voxel: p (mask + ReLU of d) in 2-vector x 4-point tiles.
    auto layer = [&](Func p, Func d, RDom r) {
        p.compute_at(out, v);
        p.tile(c, t, oo, to, oi, ti, 2 * vec, kq, guard).reorder(oi, ti, oo, to);
        p.vectorize(oi, vec, guard).unroll(oi).unroll(ti);
        d.compute_at(p, oo).bound_storage(c, 2 * vec).bound_storage(t, kq);
        d.vectorize(c, vec, guard).unroll(c).unroll(t);
        d.update().reorder(c, t, r.x).vectorize(c, vec, guard).unroll(c).unroll(t);
    };
    // @layer loops
    out.compute_root();
    out.update().split(c, co, ci, 2 * vec, guard).split(rt.x, rto, rti, kq, guard)
        .reorder(ci, rti, rto, co, v).parallel(v);
    layer(p1, d1, r1);
    layer(p2, d2, k1);
    // @layer memory
    for (Func f : {m1, m2, e2, e3}) f.compute_at(out, v);
    d3.compute_at(out, rto).bound_storage(c, 2 * vec).bound_storage(t, kq);
    // @layer vector
    out.vectorize(c, vec, guard);
    out.update().vectorize(ci, vec, guard);
    for (Func f : {m1, m2, e2, e3}) f.vectorize(c, vec, guard);
    m1.update().reorder(c, rt.x, v).vectorize(c, vec, guard);
    m2.update().reorder(c, rt.x, v).vectorize(c, vec, guard);
    e2.update().reorder(c, k1.x, v).vectorize(c, vec, guard);
    e3.update().reorder(c, k2.x, v).vectorize(c, vec, guard);
    d3.vectorize(c, vec, guard).unroll(c).unroll(t);
    d3.update().reorder(c, t, k2.x).vectorize(c, vec, guard).unroll(c).unroll(t);
    // @end
    return {{a.feat, a.npts, a.w1, a.b1, a.w2, a.b2, a.w3, a.b3}, {out}};
}
