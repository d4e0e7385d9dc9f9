// Halide reference algorithm for task `pointnet2_fp_3nn`: one PointNet++ feature-propagation
// layer with an exact 3-NN search on integer coordinates.
//   key(m, n) = d2(n, m) * M + m (int64); sel(k, n) = the k-th smallest key of row n (3
//   selection passes); idx = sel mod M, d = sqrt(float(sel / M)), r = 1 / (d + 1e-8)
//   interp(c, n) = sum_k (r_k / (r_0 + r_1 + r_2)) feat2[c, idx_k]
//   x(c, n) = c < C2 ? interp(c, n) : feat1[c - C2, n]
//   h1 = relu(W1 x + b1), out = relu(W2 h1 + b2)
// Halide dimension 0 is the last PyTorch dimension: xyz1(a, n, 0) is xyz1[0, n, a],
// feat1(n, c, 0) is feat1[0, c, n], w1(0, c, o) is w1[o, c, 0], out(n, o, 0) is out[0, o, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam xyz1{Halide::Int(32), 3, "xyz1"};      // [1, N, 3]
    Halide::ImageParam xyz2{Halide::Int(32), 3, "xyz2"};      // [1, M, 3]
    Halide::ImageParam feat1{Halide::Float(32), 3, "feat1"};  // [1, C1, N]
    Halide::ImageParam feat2{Halide::Float(32), 3, "feat2"};  // [1, C2, M]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"}, b1{Halide::Float(32), 1, "b1"};  // [O1, C2 + C1, 1]
    Halide::ImageParam w2{Halide::Float(32), 3, "w2"}, b2{Halide::Float(32), 1, "b2"};  // [O2, O1, 1]
    // n: a dense point, m: a coarse point, k: a neighbour rank (0..2), c: an input channel,
    // o: an output channel, z: the batch (1).
    Halide::Var n{"n"}, m{"m"}, k{"k"}, c{"c"}, o{"o"}, z{"z"};
    Halide::RDom rs;      // the selection: rs.x over the coarse points (M), rs.y over the 3 passes
    Halide::RDom r1, r2;  // the MLP layers' inputs: C2 + C1, O1
    Halide::Func key{"key"}, sel{"sel"}, wgt{"wgt"}, interp{"interp"}, x{"x"};
    Halide::Func h1_dot{"h1_dot"}, h1{"h1"}, h2_dot{"h2_dot"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        Expr M = xyz2.dim(1).extent(), C1 = feat1.dim(1).extent(), C2 = feat2.dim(1).extent();
        rs = RDom(0, M, 0, 3, "rs");
        r1 = RDom(0, C1 + C2, "r1");
        r2 = RDom(0, b1.dim(0).extent(), "r2");
        Expr dx = xyz1(0, n, 0) - xyz2(0, m, 0), dy = xyz1(1, n, 0) - xyz2(1, m, 0), dz = xyz1(2, n, 0) - xyz2(2, m, 0);
        key(m, n) = cast<int64_t>(dx * dx + dy * dy + dz * dz) * cast<int64_t>(M) + cast<int64_t>(m);
        sel(k, n) = Int(64).max();
        Expr prev = select(rs.y == 0, cast<int64_t>(-1), sel(max(rs.y - 1, 0), n));
        Expr cand = key(rs.x, n);
        sel(rs.y, n) = select(cand > prev && cand < sel(rs.y, n), cand, sel(rs.y, n));
        Expr M64 = cast<int64_t>(M);
        auto recip = [&](int kk) { return 1.0f / (sqrt(cast<float>(sel(kk, n) / M64)) + 1e-8f); };
        Expr r0 = recip(0), r1e = recip(1), r2e = recip(2);
        Expr norm = r0 + r1e + r2e;
        wgt(n) = Tuple(r0 / norm, r1e / norm, r2e / norm);
        auto nb = [&](int kk) { return clamp(cast<int32_t>(sel(kk, n) % M64), 0, M - 1); };
        interp(c, n) = wgt(n)[0] * feat2(nb(0), c, 0) + wgt(n)[1] * feat2(nb(1), c, 0) + wgt(n)[2] * feat2(nb(2), c, 0);
        x(c, n) = select(c < C2, interp(min(c, C2 - 1), n), feat1(n, clamp(c - C2, 0, C1 - 1), 0));
        h1_dot(o, n) = b1(o);
        h1_dot(o, n) += w1(0, r1, o) * x(r1, n);
        h1(o, n) = max(h1_dot(o, n), 0.0f);
        h2_dot(o, n) = b2(o);
        h2_dot(o, n) += w2(0, r2, o) * h1(r2, n);
        out(n, o, z) = max(h2_dot(o, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{xyz1, xyz2, feat1, feat2, w1, b1, w2, b2}, {out}}; }
};

}  // namespace task
