// Expert cpu schedule for `pointnet2_fp_3nn`. The 3-NN search: three passes over the coarse
// points, vectorized over a vector of dense points and in parallel over blocks of them (the
// dense coordinates transposed once; each coarse point is three broadcasts). Then blocks of
// two vectors of dense points in parallel: the block's interpolated + skip features (gathers
// of the 3 neighbours' columns) and its first-layer activations go to small point-innermost
// buffers, each layer a register tile of 2 vectors of points x 8 output channels accumulated
// against broadcast weights, bias and ReLU in the epilogue; the second layer's tiles are
// stored straight to the output. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var io{"io"}, ii{"ii"}, no{"no"}, nb_{"nb_"}, oo{"oo"}, oi{"oi"};
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
    for (Func f : {p1, sel, wts}) f.compute_root();
    // @layer loops
    sel.update().split(n, io, ii, vec, guard).reorder(ii, rs.x, rs.y, io).parallel(io);
    out.split(n, no, nb_, 2 * vec, guard).split(o, oo, oi, chans, guard).reorder(nb_, oi, oo, no, z).parallel(no);
    h1.split(o, oo, oi, chans, guard).reorder(n, oi, oo);
    // @layer memory
    xin.compute_at(out, no);
    h1.compute_at(out, no);
    dot1.compute_at(h1, oo).bound_storage(n, 2 * vec).bound_storage(o, chans);
    dot2.compute_at(out, oo).bound_storage(n, 2 * vec).bound_storage(o, chans);
    // @layer vector
    p1.vectorize(n, vec, guard);
    sel.reorder(n, k).vectorize(n, vec, guard);
    sel.update().vectorize(ii);
    wts.vectorize(n, vec, guard);
    xin.vectorize(n, vec, guard);
    h1.vectorize(n, vec, guard).unroll(oi);
    out.vectorize(nb_, vec, guard).unroll(oi);
    for (auto [dot, r] : {std::pair{dot1, r1}, std::pair{dot2, r2}}) {
        dot.vectorize(n, vec, guard).unroll(n).unroll(o);
        dot.update().reorder(n, o, r.x).vectorize(n, vec, guard).unroll(n).unroll(o);
    }
    // @end
    return {{a.xyz1, a.xyz2, a.feat1, a.feat2, a.w1, a.b1, a.w2, a.b2}, {out}};
}
