// Expert opencl schedule for `voxelnet_feature_net`: the concat as algebra (for a valid point
// W2 [p1, a1] + b2 = W2a p1 + (b2 + W2b a1): the aggregated half is one small GEMV per voxel,
// e2 and e3, that becomes the bias of the point-wise layer), then one kernel per stage:
// the dot products of p1 and p2 one work-item per (channel, point, voxel) with the weights
// copied once transposed (adjacent work-items read adjacent weights), stored, then the ReLU
// and mask (computed in the work-item that uses them, these two dot products gave wrong
// values on PoCL, different from run to run, a cause not found); the maxes and the
// per-voxel GEMVs one work-item per (channel, voxel); the FCN fused into the final max: one
// work-item per (channel, voxel) computes each point's FCN output in registers and keeps the
// running max, so the [V, T, C] activations never go to memory. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var c = a.c, t = a.t, v = a.v;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"};
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
    for (Func f : {wt1, wt2, wt3, p1, m1, e2, p2, m2, e3, out}) f.compute_root();
    // @layer loops
    for (Func w : {wt1, wt2, wt3}) w.gpu_tile(c, k, xo, yo, xi, yi, 32, 8, guard);
    for (Func p : {p1, p2}) p.gpu_tile(c, t, v, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
    for (Func f : {m1, e2, m2, e3, out}) {
        f.gpu_tile(c, v, xo, yo, xi, yi, 32, 4, guard);
        f.update().gpu_tile(c, v, xo, yo, xi, yi, 32, 4, guard);
    }
    // @layer memory
    for (Func d : {d1, d2}) {
        d.compute_root().gpu_tile(c, t, v, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
        d.update().gpu_tile(c, t, v, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
    }
    d3.compute_at(out, rt.x).store_in(MemoryType::Register);
    // @end
    return {{a.feat, a.npts, a.w1, a.b1, a.w2, a.b2, a.w3, a.b3}, {out}};
}
