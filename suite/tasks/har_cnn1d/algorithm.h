// Halide reference algorithm for task `har_cnn1d`: the UCI-HAR 1-D CNN, batch 1:
//   a1(l, f) = relu(b1[f] + sum_{c, k} w1[f, c, k] x[c, l + k])        l < L-2
//   a2(l, g) = relu(b2[g] + sum_{f, k} w2[g, f, k] a1(l + k, f))        l < L-4
//   p(l, g)  = max(a2(2l, g), a2(2l + 1, g))                            l < Lp = (L-4)/2
//   h(u)     = relu(b3[u] + sum_{g, l} w3[u, g*Lp + l] p(l, g))
//   logits[n] = b4[n] + sum_u w4[n, u] h(u)
// Halide dimension 0 is the last PyTorch dimension: x(l, c, 0) is x[0, c, l], w1(k, c, f) is
// w1[f, c, k], w3(i, u) is w3[u, i], logits(n, 0) is logits[0, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};    // [1, C, L]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"};  // [F, C, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [F]
    Halide::ImageParam w2{Halide::Float(32), 3, "w2"};  // [F, F, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [F]
    Halide::ImageParam w3{Halide::Float(32), 2, "w3"};  // [U, F*Lp]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [U]
    Halide::ImageParam w4{Halide::Float(32), 2, "w4"};  // [N, U]
    Halide::ImageParam b4{Halide::Float(32), 1, "b4"};  // [N]
    // l: a sample, f: a filter (channel), u: a hidden unit, k: a class, b: the batch (1).
    Halide::Var l{"l"}, f{"f"}, u{"u"}, k{"k"}, b{"b"};
    Halide::RDom r1;  // conv1: r1.x the tap (3), r1.y the input channel (C)
    Halide::RDom r2;  // conv2: r2.x the tap (3), r2.y the input filter (F)
    Halide::RDom r3;  // dense 1: r3.x the pooled sample (Lp), r3.y the filter (F)
    Halide::RDom r4;  // dense 2: the hidden units (U)
    Halide::Func conv1{"conv1"};    // b1 + w1 * x
    Halide::Func a1{"a1"};          // relu(conv1)
    Halide::Func conv2{"conv2"};    // b2 + w2 * a1
    Halide::Func a2{"a2"};          // relu(conv2)
    Halide::Func pool{"pool"};      // max over sample pairs
    Halide::Func dense1{"dense1"};  // b3 + w3 flatten(pool)
    Halide::Func hidden{"hidden"};  // relu(dense1)
    Halide::Func dense2{"dense2"};  // b4 + w4 hidden
    Halide::Func logits{"logits"};  // the output

    Algorithm() {
        using namespace Halide;
        Expr C = x.dim(1).extent(), L = x.dim(0).extent(), F = b1.dim(0).extent();
        Expr Lp = (L - 4) / 2;
        r1 = RDom(0, 3, 0, C, "r1");
        r2 = RDom(0, 3, 0, F, "r2");
        r3 = RDom(0, Lp, 0, F, "r3");
        r4 = RDom(0, b3.dim(0).extent(), "r4");
        conv1(l, f) = b1(f);
        conv1(l, f) += w1(r1.x, r1.y, f) * x(l + r1.x, r1.y, 0);
        a1(l, f) = max(conv1(l, f), 0.0f);
        conv2(l, f) = b2(f);
        conv2(l, f) += w2(r2.x, r2.y, f) * a1(l + r2.x, r2.y);
        a2(l, f) = max(conv2(l, f), 0.0f);
        pool(l, f) = max(a2(2 * l, f), a2(2 * l + 1, f));
        dense1(u) = b3(u);
        dense1(u) += w3(r3.y * Lp + r3.x, u) * pool(r3.x, r3.y);
        hidden(u) = max(dense1(u), 0.0f);
        dense2(k) = b4(k);
        dense2(k) += w4(r4, k) * hidden(r4);
        logits(k, b) = dense2(k);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3, w4, b4}, {logits}}; }
};

}  // namespace task
