// Halide reference algorithm for task `pointnet2_sa`: one PointNet++ set-abstraction layer
// with fixed grouping (centroid and neighbour indices are inputs, taken modulo N).
//   c(s) = cidx[s] mod N, g(k, s) = gidx[s, k] mod N
//   inp(j, k, s) = xyz[g, j] - xyz[c, j] for j < 3, feat[g, j - 3] after
//   h1 = relu(W1 inp + b1), h2 = relu(W2 h1 + b2), h3 = relu(W3 h2 + b3)   (per (k, s))
//   new_feat(o, s) = max over k of h3(o, k, s),  new_xyz(j, s) = xyz[c, j]
// Each layer is a `*_dot` Func (bias pure, products over its RDom) and a ReLU Func.
// Halide dimension 0 is the last PyTorch dimension: xyz(j, n, b) is xyz[b, n, j],
// gidx(k, s) is gidx[s, k], w1(j, o) is w1[o, j], new_feat(o, s, b) is new_feat[b, s, o].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam xyz{Halide::Float(32), 3, "xyz"};    // [1, N, 3]
    Halide::ImageParam feat{Halide::Float(32), 3, "feat"};  // [1, N, Cin]
    Halide::ImageParam cidx{Halide::Int(32), 1, "cidx"};    // [S]
    Halide::ImageParam gidx{Halide::Int(32), 2, "gidx"};    // [S, K]
    Halide::ImageParam w1{Halide::Float(32), 2, "w1"}, b1{Halide::Float(32), 1, "b1"};  // [C1, 3 + Cin]
    Halide::ImageParam w2{Halide::Float(32), 2, "w2"}, b2{Halide::Float(32), 1, "b2"};  // [C2, C1]
    Halide::ImageParam w3{Halide::Float(32), 2, "w3"}, b3{Halide::Float(32), 1, "b3"};  // [C3, C2]
    // o: a channel, k: a neighbour, s: a centroid, j: a coordinate, b: the batch (1).
    Halide::Var o{"o"}, k{"k"}, s{"s"}, j{"j"}, b{"b"};
    Halide::RDom r1, r2, r3;  // the input channels of the three layers
    Halide::RDom rk;          // the neighbours (K): the max
    Halide::Func c{"c"}, g{"g"}, inp{"inp"};
    Halide::Func h1_dot{"h1_dot"}, h1{"h1"}, h2_dot{"h2_dot"}, h2{"h2"}, h3_dot{"h3_dot"}, h3{"h3"};
    Halide::Func pooled{"pooled"}, new_xyz{"new_xyz"}, new_feat{"new_feat"};

    Algorithm() {
        using namespace Halide;
        Expr N = xyz.dim(1).extent(), Cin = feat.dim(0).extent(), K = gidx.dim(0).extent();
        Expr C1 = b1.dim(0).extent(), C2 = b2.dim(0).extent();
        r1 = RDom(0, 3 + Cin, "r1");
        r2 = RDom(0, C1, "r2");
        r3 = RDom(0, C2, "r3");
        rk = RDom(0, K, "rk");
        c(s) = clamp(cidx(s) % N, 0, N - 1);
        g(k, s) = clamp(gidx(k, s) % N, 0, N - 1);
        inp(j, k, s) = select(j < 3, xyz(clamp(j, 0, 2), g(k, s), 0) - xyz(clamp(j, 0, 2), c(s), 0),
                              feat(clamp(j - 3, 0, Cin - 1), g(k, s), 0));
        h1_dot(o, k, s) = b1(o);
        h1_dot(o, k, s) += w1(r1, o) * inp(r1, k, s);
        h1(o, k, s) = max(h1_dot(o, k, s), 0.0f);
        h2_dot(o, k, s) = b2(o);
        h2_dot(o, k, s) += w2(r2, o) * h1(r2, k, s);
        h2(o, k, s) = max(h2_dot(o, k, s), 0.0f);
        h3_dot(o, k, s) = b3(o);
        h3_dot(o, k, s) += w3(r3, o) * h2(r3, k, s);
        h3(o, k, s) = max(h3_dot(o, k, s), 0.0f);
        pooled(o, s) = h3(o, 0, s);
        pooled(o, s) = max(pooled(o, s), h3(o, rk, s));
        new_xyz(j, s, b) = xyz(j, c(s), 0);
        new_feat(o, s, b) = pooled(o, s);
    }

    ekb::Kernel kernel() { return {{xyz, feat, cidx, gidx, w1, b1, w2, b2, w3, b3}, {new_xyz, new_feat}}; }
};

}  // namespace task
