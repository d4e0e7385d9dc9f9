// Halide reference algorithm for task `mbv3_classifier_head`: the last stage of MobileNetV3
// (batch norm folded, dropout identity at inference).
//   h      = hswish(conv1x1(x, w_conv) + b_conv)    C -> E channels, H x W
//   p      = mean_hw(h)                             E
//   f      = hswish(w_fc1 p + b_fc1)                E -> F
//   logits = w_fc2 f + b_fc2                        F -> K
// hswish(v) = v * clamp(v + 3, 0, 6) / 6.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_fc1(e, f) is w_fc1[f, e], logits(k, n) is logits[n, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr hswish(Halide::Expr v) { return v * Halide::clamp(v + 3.0f, 0.0f, 6.0f) / 6.0f; }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam w_conv{Halide::Float(32), 4, "w_conv"};  // [E, C, 1, 1]
    Halide::ImageParam b_conv{Halide::Float(32), 1, "b_conv"};  // [E]
    Halide::ImageParam w_fc1{Halide::Float(32), 2, "w_fc1"};    // [F, E]
    Halide::ImageParam b_fc1{Halide::Float(32), 1, "b_fc1"};    // [F]
    Halide::ImageParam w_fc2{Halide::Float(32), 2, "w_fc2"};    // [K, F]
    Halide::ImageParam b_fc2{Halide::Float(32), 1, "b_fc2"};    // [K]
    // c is the channel / feature index of every stage (E, F or K), n the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;   // the C input channels of the 1x1 conv
    Halide::RDom rxy;  // the H x W positions of the pool
    Halide::RDom re;   // the E pooled features (fc1)
    Halide::RDom rf;   // the F hidden features (fc2)
    Halide::Func conv{"conv"};          // conv1x1(x, w_conv), (col, row, e, n)
    Halide::Func h{"h"};                // hswish(conv + b_conv)
    Halide::Func pool_sum{"pool_sum"};  // sum over H x W of h, (e, n)
    Halide::Func pooled{"pooled"};      // pool_sum / (H*W)
    Halide::Func fc1{"fc1"};            // w_fc1 pooled, (f, n)
    Halide::Func f1{"f1"};              // hswish(fc1 + b_fc1)
    Halide::Func fc2{"fc2"};            // w_fc2 f1, (k, n)
    Halide::Func logits{"logits"};      // fc2 + b_fc2: the output [1, K]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rxy = RDom(0, W, 0, H, "rxy");
        re = RDom(0, w_fc1.dim(0).extent(), "re");
        rf = RDom(0, w_fc2.dim(0).extent(), "rf");

        conv(col, row, c, n) = 0.0f;
        conv(col, row, c, n) += w_conv(0, 0, rc, c) * x(col, row, rc, n);
        h(col, row, c, n) = hswish(conv(col, row, c, n) + b_conv(c));
        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += h(rxy.x, rxy.y, c, n);
        pooled(c, n) = pool_sum(c, n) / cast<float>(W * H);
        fc1(c, n) = 0.0f;
        fc1(c, n) += w_fc1(re, c) * pooled(re, n);
        f1(c, n) = hswish(fc1(c, n) + b_fc1(c));
        fc2(c, n) = 0.0f;
        fc2(c, n) += w_fc2(rf, c) * f1(rf, n);
        logits(c, n) = fc2(c, n) + b_fc2(c);
    }

    ekb::Kernel kernel() { return {{x, w_conv, b_conv, w_fc1, b_fc1, w_fc2, b_fc2}, {logits}}; }
};

}  // namespace task
