// Halide reference algorithm for task `mbv3_bneck_k5_s2_se_hswish`: the 5x5 stride-2
// MobileNetV3 bneck with squeeze-and-excite and h-swish (no residual; batch norm folded).
//   h1 = hswish(conv1x1(x, w_exp) + b_exp)                        C -> E channels, H x W
//   h2 = hswish(depthwise5x5(h1, w_dw, pad 2, stride 2) + b_dw)   Ho x Wo = (H-1)/2+1 x (W-1)/2+1
//   g  = hardsigmoid(fc2(ReLU(fc1(mean_hw(h2)) + b_fc1)) + b_fc2) E -> R -> E
//   y  = conv1x1(h2 * g, w_proj) + b_proj                         E -> K channels
// hswish(v) = v * clamp(v + 3, 0, 6) / 6, hardsigmoid(v) = clamp(v + 3, 0, 6) / 6.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kDw = 5;      // the depthwise kernel (5x5), padding kDw / 2
constexpr int kStride = 2;  // the depthwise stride

inline Halide::Expr hardsigmoid(Halide::Expr v) { return Halide::clamp(v + 3.0f, 0.0f, 6.0f) / 6.0f; }
inline Halide::Expr hswish(Halide::Expr v) { return v * hardsigmoid(v); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam w_exp{Halide::Float(32), 4, "w_exp"};    // [E, C, 1, 1]
    Halide::ImageParam b_exp{Halide::Float(32), 1, "b_exp"};    // [E]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};      // [E, 1, 5, 5]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};      // [E]
    Halide::ImageParam w_fc1{Halide::Float(32), 4, "w_fc1"};    // [R, E, 1, 1]
    Halide::ImageParam b_fc1{Halide::Float(32), 1, "b_fc1"};    // [R]
    Halide::ImageParam w_fc2{Halide::Float(32), 4, "w_fc2"};    // [E, R, 1, 1]
    Halide::ImageParam b_fc2{Halide::Float(32), 1, "b_fc2"};    // [E]
    Halide::ImageParam w_proj{Halide::Float(32), 4, "w_proj"};  // [K, E, 1, 1]
    Halide::ImageParam b_proj{Halide::Float(32), 1, "b_proj"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;   // the C input channels of the expand conv
    Halide::RDom rk;   // the 5x5 depthwise taps
    Halide::RDom rxy;  // the Ho x Wo positions pooled by the SE
    Halide::RDom re;   // the E expanded channels (SE fc1 and the project conv)
    Halide::RDom rr;   // the R squeezed channels (SE fc2)
    Halide::Func expand{"expand"};        // conv1x1(x, w_exp), H x W
    Halide::Func h1{"h1"};                // hswish(expand + b_exp)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside the map (pad 2)
    Halide::Func dw{"dw"};                // depthwise5x5 stride 2 of h1_padded, Ho x Wo
    Halide::Func h2{"h2"};                // hswish(dw + b_dw)
    Halide::Func pool_sum{"pool_sum"};    // sum over (Ho, Wo) of h2, (c, n)
    Halide::Func fc1{"fc1"};              // conv1x1(pool_sum / (Ho*Wo), w_fc1), (r, n)
    Halide::Func s1{"s1"};                // ReLU(fc1 + b_fc1)
    Halide::Func fc2{"fc2"};              // conv1x1(s1, w_fc2), (c, n)
    Halide::Func gate{"gate"};            // hardsigmoid(fc2 + b_fc2)
    Halide::Func project{"project"};      // conv1x1(h2 * gate, w_proj)
    Halide::Func y{"y"};                  // project + b_proj: the output [1, K, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wo = (W - 1) / kStride + 1, Ho = (H - 1) / kStride + 1;
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        rxy = RDom(0, Wo, 0, Ho, "rxy");
        re = RDom(0, w_exp.dim(3).extent(), "re");
        rr = RDom(0, w_fc1.dim(3).extent(), "rr");

        expand(col, row, c, n) = 0.0f;
        expand(col, row, c, n) += w_exp(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = hswish(expand(col, row, c, n) + b_exp(c));
        h1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) *
                              h1_padded(kStride * col + rk.x - kDw / 2, kStride * row + rk.y - kDw / 2, c, n);
        h2(col, row, c, n) = hswish(dw(col, row, c, n) + b_dw(c));

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += h2(rxy.x, rxy.y, c, n);
        fc1(c, n) = 0.0f;
        fc1(c, n) += w_fc1(0, 0, re, c) * (pool_sum(re, n) / cast<float>(Wo * Ho));
        s1(c, n) = max(fc1(c, n) + b_fc1(c), 0.0f);
        fc2(c, n) = 0.0f;
        fc2(c, n) += w_fc2(0, 0, rr, c) * s1(rr, n);
        gate(c, n) = hardsigmoid(fc2(c, n) + b_fc2(c));

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_proj(0, 0, re, c) * (h2(col, row, re, n) * gate(re, n));
        y(col, row, c, n) = project(col, row, c, n) + b_proj(c);
    }

    ekb::Kernel kernel() {
        return {{x, w_exp, b_exp, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj}, {y}};
    }
};

}  // namespace task
