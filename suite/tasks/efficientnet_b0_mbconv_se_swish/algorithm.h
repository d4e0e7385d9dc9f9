// Halide reference algorithm for task `efficientnet_b0_mbconv_se_swish`: the stride-1 3x3
// MBConv6 of EfficientNet-B0 with squeeze-and-excite and swish (batch norm folded).
//   h1 = swish(conv1x1(x, w_exp) + b_exp)                  C -> E channels
//   h2 = swish(depthwise3x3(h1, w_dw, pad 1) + b_dw)
//   g  = sigmoid(fc2(swish(fc1(mean_hw(h2)) + b_fc1)) + b_fc2)        E -> R -> E
//   y  = conv1x1(h2 * g, w_proj) + b_proj + x             E -> C channels
// swish(v) = v * sigmoid(v), sigmoid(v) = 1 / (1 + exp(-v)).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kDw = 3;  // the depthwise kernel (3x3), padding kDw / 2

inline Halide::Expr sigmoid(Halide::Expr v) { return 1.0f / (1.0f + Halide::exp(-v)); }
inline Halide::Expr swish(Halide::Expr v) { return v * sigmoid(v); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam w_exp{Halide::Float(32), 4, "w_exp"};    // [E, C, 1, 1]
    Halide::ImageParam b_exp{Halide::Float(32), 1, "b_exp"};    // [E]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};      // [E, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};      // [E]
    Halide::ImageParam w_fc1{Halide::Float(32), 4, "w_fc1"};    // [R, E, 1, 1]
    Halide::ImageParam b_fc1{Halide::Float(32), 1, "b_fc1"};    // [R]
    Halide::ImageParam w_fc2{Halide::Float(32), 4, "w_fc2"};    // [E, R, 1, 1]
    Halide::ImageParam b_fc2{Halide::Float(32), 1, "b_fc2"};    // [E]
    Halide::ImageParam w_proj{Halide::Float(32), 4, "w_proj"};  // [C, E, 1, 1]
    Halide::ImageParam b_proj{Halide::Float(32), 1, "b_proj"};  // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;   // the C input channels of the expand conv
    Halide::RDom rk;   // the 3x3 depthwise taps
    Halide::RDom rxy;  // the spatial positions pooled by the SE
    Halide::RDom re;   // the E expanded channels (SE fc1 and the project conv)
    Halide::RDom rr;   // the R squeezed channels (SE fc2)
    Halide::Func expand{"expand"};        // conv1x1(x, w_exp)
    Halide::Func h1{"h1"};                // swish(expand + b_exp)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside the map (pad 1)
    Halide::Func dw{"dw"};                // depthwise3x3(h1_padded, w_dw)
    Halide::Func h2{"h2"};                // swish(dw + b_dw)
    Halide::Func pool_sum{"pool_sum"};    // sum over (H, W) of h2, (c, n)
    Halide::Func fc1{"fc1"};              // conv1x1(pool_sum / (H*W), w_fc1), (r, n)
    Halide::Func s1{"s1"};                // swish(fc1 + b_fc1)
    Halide::Func fc2{"fc2"};              // conv1x1(s1, w_fc2), (c, n)
    Halide::Func gate{"gate"};            // sigmoid(fc2 + b_fc2)
    Halide::Func project{"project"};      // conv1x1(h2 * gate, w_proj)
    Halide::Func y{"y"};                  // project + b_proj + x: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        rxy = RDom(0, W, 0, H, "rxy");
        re = RDom(0, w_exp.dim(3).extent(), "re");
        rr = RDom(0, w_fc1.dim(3).extent(), "rr");

        expand(col, row, c, n) = 0.0f;
        expand(col, row, c, n) += w_exp(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = swish(expand(col, row, c, n) + b_exp(c));
        h1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * h1_padded(col + rk.x - kDw / 2, row + rk.y - kDw / 2, c, n);
        h2(col, row, c, n) = swish(dw(col, row, c, n) + b_dw(c));

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += h2(rxy.x, rxy.y, c, n);
        fc1(c, n) = 0.0f;
        fc1(c, n) += w_fc1(0, 0, re, c) * (pool_sum(re, n) / cast<float>(W * H));
        s1(c, n) = swish(fc1(c, n) + b_fc1(c));
        fc2(c, n) = 0.0f;
        fc2(c, n) += w_fc2(0, 0, rr, c) * s1(rr, n);
        gate(c, n) = sigmoid(fc2(c, n) + b_fc2(c));

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_proj(0, 0, re, c) * (h2(col, row, re, n) * gate(re, n));
        y(col, row, c, n) = project(col, row, c, n) + b_proj(c) + x(col, row, c, n);
    }

    ekb::Kernel kernel() {
        return {{x, w_exp, b_exp, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj}, {y}};
    }
};

}  // namespace task
