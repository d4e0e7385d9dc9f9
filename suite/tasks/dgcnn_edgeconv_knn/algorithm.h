// Halide reference algorithm for task `dgcnn_edgeconv_knn`: DGCNN's first EdgeConv with its
// k-NN graph (K = 20) built on integer coordinates.
//   key(j, i) = d(i, j) * N + j, d the exact squared distance of pts[i] and pts[j] (int64)
//   sel(k, i) = the k-th smallest key of row i: K selection passes over the points, pass k
//               keeping the smallest key above pass k-1's; idx(k, i) = sel(k, i) mod N
//   e(q, k, i) = q < C ? x(j, q) - x(i, q) : x(i, q - C)  with j = idx(k, i)
//   h(o, k, i) = leaky_0.2(b[o] + sum_q w[o, q] e(q, k, i)),  out(i, o) = max over k of h
// Halide dimension 0 is the last PyTorch dimension: pts(a, n) is pts[n, a], feat(n, c, 0) is
// feat[0, c, n], w(0, 0, q, o) is w[o, q, 0, 0], idx(k, i) is idx[i, k], out(i, o, 0) is
// out[0, o, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int K = 20;  // DGCNN's k
    Halide::ImageParam pts{Halide::Int(32), 2, "pts"};      // [N, 3]
    Halide::ImageParam feat{Halide::Float(32), 3, "feat"};  // [1, C, N]
    Halide::ImageParam w{Halide::Float(32), 4, "w"};        // [O, 2C, 1, 1]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};        // [O]
    // i: a point, j: a candidate neighbour, k: a neighbour rank, q: an edge-feature channel,
    // o: an output channel, z: the batch (1).
    Halide::Var i{"i"}, j{"j"}, k{"k"}, q{"q"}, o{"o"}, z{"z"};
    Halide::RDom rs;  // the selection: rs.x over the candidates j (N), rs.y over the passes (K)
    Halide::RDom re;  // edge-feature channels (2C)
    Halide::RDom rk;  // neighbours 1..K-1 (the max starts from neighbour 0)
    Halide::Func key{"key"}, sel{"sel"}, idx{"idx"}, edge{"edge"}, conv{"conv"}, h{"h"}, pooled{"pooled"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        Expr N = pts.dim(1).extent(), C = feat.dim(1).extent();
        rs = RDom(0, N, 0, K, "rs");
        re = RDom(0, 2 * C, "re");
        rk = RDom(1, K - 1, "rk");
        Expr dx = pts(0, j) - pts(0, i), dy = pts(1, j) - pts(1, i), dz = pts(2, j) - pts(2, i);
        key(j, i) = cast<int64_t>(dx * dx + dy * dy + dz * dz) * cast<int64_t>(N) + cast<int64_t>(j);
        sel(k, i) = Int(64).max();
        Expr prev = select(rs.y == 0, cast<int64_t>(-1), sel(max(rs.y - 1, 0), i));
        Expr cand = key(rs.x, i);
        sel(rs.y, i) = select(cand > prev && cand < sel(rs.y, i), cand, sel(rs.y, i));
        idx(k, i) = cast<int32_t>(sel(k, i) % cast<int64_t>(N));
        Expr nb = clamp(idx(k, i), 0, N - 1);
        edge(q, k, i) = select(q < C, feat(nb, clamp(q, 0, C - 1), 0) - feat(i, clamp(q, 0, C - 1), 0),
                               feat(i, clamp(q - C, 0, C - 1), 0));
        conv(o, k, i) = b(o);
        conv(o, k, i) += w(0, 0, re, o) * edge(re, k, i);
        h(o, k, i) = select(conv(o, k, i) > 0.0f, conv(o, k, i), 0.2f * conv(o, k, i));
        pooled(o, i) = h(o, 0, i);
        pooled(o, i) = max(pooled(o, i), h(o, rk, i));
        out(i, o, z) = pooled(o, i);
    }

    ekb::Kernel kernel() { return {{pts, feat, w, b}, {out, idx}}; }
};

}  // namespace task
