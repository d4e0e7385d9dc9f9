// Halide reference algorithm for task `pointnet2_msg_sa`: a PointNet++ MSG set abstraction
// with fixed grouping, two scales (centroid and per-scale neighbour indices are inputs,
// taken modulo N).
//   c(s) = cidx[s] mod N;  per scale: g(k, s) = gidx[s, k] mod N
//   inp(j, k, s) = xyz[g, j] - xyz[c, j] for j < 3, feat[g, j - 3] after
//   h1 = relu(W1 inp + b1), h2 = relu(W2 h1 + b2), h3 = relu(W3 h2 + b3)   (per (k, s))
//   pooled(o, s) = max over k of h3(o, k, s)
//   new_feat(o, s) = o < A3 ? pooled_a(o, s) : pooled_b(o - A3, s),  new_xyz(j, s) = xyz[c, j]
// Halide dimension 0 is the last PyTorch dimension: xyz(j, n, b) is xyz[b, n, j],
// gidx1(k, s) is gidx1[s, k], wa1(j, o) is wa1[o, j], new_feat(o, s, b) is new_feat[b, s, o].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam xyz{Halide::Float(32), 3, "xyz"};    // [1, N, 3]
    Halide::ImageParam feat{Halide::Float(32), 3, "feat"};  // [1, N, Cin]
    Halide::ImageParam cidx{Halide::Int(32), 1, "cidx"};    // [S]
    Halide::ImageParam gidx1{Halide::Int(32), 2, "gidx1"};  // [S, K1]
    Halide::ImageParam gidx2{Halide::Int(32), 2, "gidx2"};  // [S, K2]
    Halide::ImageParam wa1{Halide::Float(32), 2, "wa1"}, ba1{Halide::Float(32), 1, "ba1"};
    Halide::ImageParam wa2{Halide::Float(32), 2, "wa2"}, ba2{Halide::Float(32), 1, "ba2"};
    Halide::ImageParam wa3{Halide::Float(32), 2, "wa3"}, ba3{Halide::Float(32), 1, "ba3"};
    Halide::ImageParam wb1{Halide::Float(32), 2, "wb1"}, bb1{Halide::Float(32), 1, "bb1"};
    Halide::ImageParam wb2{Halide::Float(32), 2, "wb2"}, bb2{Halide::Float(32), 1, "bb2"};
    Halide::ImageParam wb3{Halide::Float(32), 2, "wb3"}, bb3{Halide::Float(32), 1, "bb3"};
    // o: a channel, k: a neighbour, s: a centroid, j: a coordinate, b: the batch (1).
    Halide::Var o{"o"}, k{"k"}, s{"s"}, j{"j"}, b{"b"};
    // One scale: its RDoms over the three layers' inputs and the neighbours, and its stages.
    struct Scale {
        Halide::RDom r1, r2, r3, rk;
        Halide::Func g, inp, h1_dot, h1, h2_dot, h2, h3_dot, h3, pooled;
    };
    Scale sa, sb;
    Halide::Func c{"c"}, new_xyz{"new_xyz"}, new_feat{"new_feat"};

    void scale(Scale &sc, const std::string &p, Halide::ImageParam gidx, Halide::ImageParam w1, Halide::ImageParam b1,
               Halide::ImageParam w2, Halide::ImageParam b2, Halide::ImageParam w3, Halide::ImageParam b3) {
        using namespace Halide;
        Expr N = xyz.dim(1).extent(), Cin = feat.dim(0).extent(), K = gidx.dim(0).extent();
        sc.r1 = RDom(0, 3 + Cin, p + "r1");
        sc.r2 = RDom(0, b1.dim(0).extent(), p + "r2");
        sc.r3 = RDom(0, b2.dim(0).extent(), p + "r3");
        sc.rk = RDom(1, K - 1, p + "rk");
        sc.g = Func(p + "g");
        sc.inp = Func(p + "inp");
        sc.h1_dot = Func(p + "h1_dot");
        sc.h1 = Func(p + "h1");
        sc.h2_dot = Func(p + "h2_dot");
        sc.h2 = Func(p + "h2");
        sc.h3_dot = Func(p + "h3_dot");
        sc.h3 = Func(p + "h3");
        sc.pooled = Func(p + "pooled");
        sc.g(k, s) = clamp(gidx(k, s) % N, 0, N - 1);
        sc.inp(j, k, s) = select(j < 3, xyz(clamp(j, 0, 2), sc.g(k, s), 0) - xyz(clamp(j, 0, 2), c(s), 0),
                                 feat(clamp(j - 3, 0, Cin - 1), sc.g(k, s), 0));
        sc.h1_dot(o, k, s) = b1(o);
        sc.h1_dot(o, k, s) += w1(sc.r1, o) * sc.inp(sc.r1, k, s);
        sc.h1(o, k, s) = max(sc.h1_dot(o, k, s), 0.0f);
        sc.h2_dot(o, k, s) = b2(o);
        sc.h2_dot(o, k, s) += w2(sc.r2, o) * sc.h1(sc.r2, k, s);
        sc.h2(o, k, s) = max(sc.h2_dot(o, k, s), 0.0f);
        sc.h3_dot(o, k, s) = b3(o);
        sc.h3_dot(o, k, s) += w3(sc.r3, o) * sc.h2(sc.r3, k, s);
        sc.h3(o, k, s) = max(sc.h3_dot(o, k, s), 0.0f);
        sc.pooled(o, s) = sc.h3(o, 0, s);
        sc.pooled(o, s) = max(sc.pooled(o, s), sc.h3(o, sc.rk, s));
    }

    Algorithm() {
        using namespace Halide;
        Expr N = xyz.dim(1).extent(), A3 = ba3.dim(0).extent();
        c(s) = clamp(cidx(s) % N, 0, N - 1);
        scale(sa, "a_", gidx1, wa1, ba1, wa2, ba2, wa3, ba3);
        scale(sb, "b_", gidx2, wb1, bb1, wb2, bb2, wb3, bb3);
        new_xyz(j, s, b) = xyz(j, c(s), 0);
        new_feat(o, s, b) = select(o < A3, sa.pooled(min(o, A3 - 1), s), sb.pooled(max(o - A3, 0), s));
    }

    ekb::Kernel kernel() {
        return {{xyz, feat, cidx, gidx1, gidx2, wa1, ba1, wa2, ba2, wa3, ba3, wb1, bb1, wb2, bb2, wb3, bb3},
                {new_xyz, new_feat}};
    }
};

}  // namespace task
