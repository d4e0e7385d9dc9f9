// Halide reference algorithm for task `pointnet_tnet3`: PointNet's input T-Net (BN folded)
// and the 3x3 transform applied to the points.
//   h1(c, n) = relu(b1[c] + sum_i w1[c, i] x[i, n]), h2, h3 likewise (shared MLP over points)
//   g(c) = max over n of h3(c, n)  (from 0: every h3 is >= 0, so that is the max of h3)
//   f1 = relu(V1 g + c1), f2 = relu(V2 f1 + c2), t = V3 f2 + c3
//   trans(j, i) = t[3 i + j] + (i == j),  out(n, j) = sum_i x(n, i) trans(j, i)
// Halide dimension 0 is the last PyTorch dimension: x(n, i, b) is x[b, i, n], w1(0, i, c) is
// w1[c, i, 0], v1(c, f) is v1[f, c], trans(j, i, b) is trans[b, i, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};                                    // [1, 3, N]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"}, b1{Halide::Float(32), 1, "b1"};  // [C1, 3, 1]
    Halide::ImageParam w2{Halide::Float(32), 3, "w2"}, b2{Halide::Float(32), 1, "b2"};  // [C2, C1, 1]
    Halide::ImageParam w3{Halide::Float(32), 3, "w3"}, b3{Halide::Float(32), 1, "b3"};  // [C3, C2, 1]
    Halide::ImageParam v1{Halide::Float(32), 2, "v1"}, c1{Halide::Float(32), 1, "c1"};  // [F1, C3]
    Halide::ImageParam v2{Halide::Float(32), 2, "v2"}, c2{Halide::Float(32), 1, "c2"};  // [F2, F1]
    Halide::ImageParam v3{Halide::Float(32), 2, "v3"}, c3{Halide::Float(32), 1, "c3"};  // [9, F2]
    // c: a channel or FC unit, n: a point, j, i: matrix columns and rows, b: the batch (1).
    Halide::Var c{"c"}, n{"n"}, j{"j"}, i{"i"}, b{"b"};
    Halide::RDom r1, r2, r3;     // conv input channels: 3, C1, C2
    Halide::RDom rn;             // the points (N): the max
    Halide::RDom q1, q2, q3;     // FC inputs: C3, F1, F2
    Halide::Func conv1{"conv1"}, h1{"h1"}, conv2{"conv2"}, h2{"h2"}, conv3{"conv3"}, h3{"h3"}, g{"g"};
    Halide::Func fc1{"fc1"}, f1{"f1"}, fc2{"fc2"}, f2{"f2"}, fc3{"fc3"};
    Halide::Func mat{"mat"}, out{"out"}, trans{"trans"};

    Algorithm() {
        using namespace Halide;
        Expr C1 = b1.dim(0).extent(), C2 = b2.dim(0).extent(), C3 = b3.dim(0).extent();
        r1 = RDom(0, 3, "r1");
        r2 = RDom(0, C1, "r2");
        r3 = RDom(0, C2, "r3");
        rn = RDom(0, x.dim(0).extent(), "rn");
        q1 = RDom(0, C3, "q1");
        q2 = RDom(0, c1.dim(0).extent(), "q2");
        q3 = RDom(0, c2.dim(0).extent(), "q3");
        conv1(c, n) = b1(c);
        conv1(c, n) += w1(0, r1, c) * x(n, r1, 0);
        h1(c, n) = max(conv1(c, n), 0.0f);
        conv2(c, n) = b2(c);
        conv2(c, n) += w2(0, r2, c) * h1(r2, n);
        h2(c, n) = max(conv2(c, n), 0.0f);
        conv3(c, n) = b3(c);
        conv3(c, n) += w3(0, r3, c) * h2(r3, n);
        h3(c, n) = max(conv3(c, n), 0.0f);
        g(c) = 0.0f;
        g(c) = max(g(c), h3(c, rn));
        fc1(c) = c1(c);
        fc1(c) += v1(q1, c) * g(q1);
        f1(c) = max(fc1(c), 0.0f);
        fc2(c) = c2(c);
        fc2(c) += v2(q2, c) * f1(q2);
        f2(c) = max(fc2(c), 0.0f);
        fc3(c) = c3(c);
        fc3(c) += v3(q3, c) * f2(q3);
        mat(j, i) = fc3(3 * i + j) + select(i == j, 1.0f, 0.0f);
        trans(j, i, b) = mat(j, i);
        out(n, j, b) = x(n, 0, 0) * mat(j, 0) + x(n, 1, 0) * mat(j, 1) + x(n, 2, 0) * mat(j, 2);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3, v1, c1, v2, c2, v3, c3}, {out, trans}}; }
};

}  // namespace task
