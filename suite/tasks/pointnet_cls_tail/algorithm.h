// Halide reference algorithm for task `pointnet_cls_tail`: the tail of the PointNet
// classifier (BN folded): the last shared MLP layer, the max over the points, three FC
// layers and the log-softmax.
//   h(c, n) = relu(b5[c] + sum_i w5[c, i, 0] x[0, i, n]),  g(c) = max over n of h(c, n)
//   (g starts from 0: every h is >= 0, so that is the max of h itself)
//   f1 = relu(W1 g + b1), f2 = relu(W2 f1 + b2), logits = W3 f2 + b3
//   out = logits - (max(logits) + log(sum exp(logits - max)))
// Halide dimension 0 is the last PyTorch dimension: x(n, i, b) is x[b, i, n], w5(0, i, c) is
// w5[c, i, 0], w_fc1(c, f) is w_fc1[f, c], out(k, b) is out[b, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};                                            // [1, Cin, N]
    Halide::ImageParam w5{Halide::Float(32), 3, "w5"}, b5{Halide::Float(32), 1, "b5"};          // [C, Cin, 1]
    Halide::ImageParam w_fc1{Halide::Float(32), 2, "w_fc1"}, b_fc1{Halide::Float(32), 1, "b_fc1"};  // [F1, C]
    Halide::ImageParam w_fc2{Halide::Float(32), 2, "w_fc2"}, b_fc2{Halide::Float(32), 1, "b_fc2"};  // [F2, F1]
    Halide::ImageParam w_fc3{Halide::Float(32), 2, "w_fc3"}, b_fc3{Halide::Float(32), 1, "b_fc3"};  // [K, F2]
    // c: a channel or FC unit, n: a point, b: the batch (1).
    Halide::Var c{"c"}, n{"n"}, b{"b"};
    Halide::RDom ri;   // conv input channels (Cin)
    Halide::RDom rn;   // the points (N): the max (from 0: h >= 0, so max(0, max over n) is the max)
    Halide::RDom r1, r2, r3;  // FC inputs: C, F1, F2
    Halide::RDom rk;   // the classes (K): max and sum of the log-softmax
    Halide::Func conv{"conv"}, h{"h"}, g{"g"};
    Halide::Func fc1{"fc1"}, f1{"f1"}, fc2{"fc2"}, f2{"f2"}, logits{"logits"};
    Halide::Func lmax{"lmax"}, lsum{"lsum"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        ri = RDom(0, x.dim(1).extent(), "ri");
        rn = RDom(0, x.dim(0).extent(), "rn");
        r1 = RDom(0, b5.dim(0).extent(), "r1");
        r2 = RDom(0, b_fc1.dim(0).extent(), "r2");
        r3 = RDom(0, b_fc2.dim(0).extent(), "r3");
        rk = RDom(0, b_fc3.dim(0).extent(), "rk");
        conv(c, n) = b5(c);
        conv(c, n) += w5(0, ri, c) * x(n, ri, 0);
        h(c, n) = max(conv(c, n), 0.0f);
        g(c) = 0.0f;
        g(c) = max(g(c), h(c, rn));
        fc1(c) = b_fc1(c);
        fc1(c) += w_fc1(r1, c) * g(r1);
        f1(c) = max(fc1(c), 0.0f);
        fc2(c) = b_fc2(c);
        fc2(c) += w_fc2(r2, c) * f1(r2);
        f2(c) = max(fc2(c), 0.0f);
        logits(c) = b_fc3(c);
        logits(c) += w_fc3(r3, c) * f2(r3);
        lmax() = logits(0);
        lmax() = max(lmax(), logits(rk));
        lsum() = 0.0f;
        lsum() += exp(logits(rk) - lmax());
        out(c, b) = logits(c) - (lmax() + log(lsum()));
    }

    ekb::Kernel kernel() { return {{x, w5, b5, w_fc1, b_fc1, w_fc2, b_fc2, w_fc3, b_fc3}, {out}}; }
};

}  // namespace task
