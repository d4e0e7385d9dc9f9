// Expert cuda schedule for `pointnet2_fp_3nn`: the 3-NN search one thread per dense point
// (three passes over the coarse points, every thread of a group reading the same coarse
// point, a broadcast), the weights one thread per point, the interpolated + skip features one
// thread per (point, channel), then each MLP layer one thread per (point, 4 output channels)
// with the 4 sums in registers, adjacent threads on adjacent points (coalesced activation
// loads, the weight the same for the whole group). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, ov{"ov"};
    // @layer compute
    // The algorithm, rewritten: the 3 selection passes on int32 (squared distance, index)
    // pairs instead of int64 keys (the same order: the keys are d2 * M + m; scanning m
    // upwards, only a strictly smaller distance beats a pass's current best), and every
    // activation stored point-innermost, so the MLP vectorizes over points against
    // broadcast weights.
    Var n = a.n, o = a.o, c = a.c, k = a.k, z = a.z, q{"q"};
    Expr M = a.xyz2.dim(1).extent(), C1 = a.feat1.dim(1).extent(), C2 = a.feat2.dim(1).extent();
    RDom rs(0, M, 0, 3, "rs"), r1(0, C1 + C2, "r1"), r2(0, a.b1.dim(0).extent(), "r2");
    Func p1("p1"), sel("sel"), wts("wts"), xin("xin"), dot1("dot1"), h1("h1"), dot2("dot2"), out("out");
    p1(n, q) = a.xyz1(q, n, 0);
    Expr dx = p1(n, 0) - a.xyz2(0, rs.x, 0), dy = p1(n, 1) - a.xyz2(1, rs.x, 0), dz = p1(n, 2) - a.xyz2(2, rs.x, 0);
    Expr d = dx * dx + dy * dy + dz * dz;
    sel(k, n) = Tuple(Int(32).max(), Int(32).max());
    Expr pd = select(rs.y == 0, -1, sel(max(rs.y - 1, 0), n)[0]);
    Expr pj = select(rs.y == 0, -1, sel(max(rs.y - 1, 0), n)[1]);
    Expr take = (d > pd || (d == pd && rs.x > pj)) && d < sel(rs.y, n)[0];
    sel(rs.y, n) = Tuple(select(take, d, sel(rs.y, n)[0]), select(take, rs.x, sel(rs.y, n)[1]));
    auto recip = [&](int kk) { return 1.0f / (sqrt(cast<float>(sel(kk, n)[0])) + 1e-8f); };
    Expr r0 = recip(0), r1e = recip(1), r2e = recip(2), norm = r0 + r1e + r2e;
    wts(n) = Tuple(r0 / norm, r1e / norm, r2e / norm);
    auto nb = [&](int kk) { return clamp(sel(kk, n)[1], 0, M - 1); };
    Expr cf = clamp(c, 0, C2 - 1);  // the select below evaluates both sides for every c
    Expr ip = wts(n)[0] * a.feat2(nb(0), cf, 0) + wts(n)[1] * a.feat2(nb(1), cf, 0) + wts(n)[2] * a.feat2(nb(2), cf, 0);
    xin(n, c) = select(c < C2, ip, a.feat1(n, clamp(c - C2, 0, C1 - 1), 0));
    dot1(n, o) = a.b1(o);
    dot1(n, o) += a.w1(0, r1, o) * xin(n, r1);
    h1(n, o) = max(dot1(n, o), 0.0f);
    dot2(n, o) = a.b2(o);
    dot2(n, o) += a.w2(0, r2, o) * h1(n, r2);
    out(n, o, z) = max(dot2(n, o), 0.0f);
    for (Func f : {p1, sel, wts, xin, h1}) f.compute_root();
    // @layer loops
    p1.gpu_tile(n, q, xo, yo, xi, yi, 64, 1, guard);
    sel.gpu_tile(n, k, xo, yo, xi, yi, 64, 1, guard);
    sel.update().gpu_tile(n, xo, xi, 64, guard);
    wts.gpu_tile(n, xo, xi, 64, guard);
    xin.gpu_tile(n, c, xo, yo, xi, yi, 32, 4, guard);
    h1.split(o, o, ov, 4, guard).reorder(ov, n, o).gpu_tile(n, o, xo, yo, xi, yi, 32, 4, guard).unroll(ov);
    out.split(o, o, ov, 4, guard).reorder(ov, n, o, z).gpu_tile(n, o, xo, yo, xi, yi, 32, 4, guard).unroll(ov);
    // @layer memory
    dot1.compute_at(h1, xi).store_in(MemoryType::Register);
    dot2.compute_at(out, xi).store_in(MemoryType::Register);
    // @layer vector
    dot1.unroll(o);
    dot1.update().reorder(o, r1.x).unroll(o);
    dot2.unroll(o);
    dot2.update().reorder(o, r2.x).unroll(o);
    // @end
    return {{a.xyz1, a.xyz2, a.feat1, a.feat2, a.w1, a.b1, a.w2, a.b2}, {out}};
}
