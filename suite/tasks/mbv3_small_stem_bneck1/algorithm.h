// Halide reference algorithm for task `mbv3_small_stem_bneck1`: MobileNetV3-Small
// features.0-1 (batch norm folded).
//   s = hswish(conv3x3(x, w_stem, pad 1, stride 2) + b_stem)    CI -> C, Hs x Ws = (H-1)/2+1 x (W-1)/2+1
//   d = ReLU(depthwise3x3(s, w_dw, pad 1, stride 2) + b_dw)     Ho x Wo = (Hs-1)/2+1 x (Ws-1)/2+1
//   g = hardsigmoid(fc2(ReLU(fc1(mean_hw(d)) + b_fc1)) + b_fc2)  C -> R -> C
//   y = conv1x1(d * g, w_proj) + b_proj                         C -> K
// hswish(v) = v * clamp(v + 3, 0, 6) / 6, hardsigmoid(v) = clamp(v + 3, 0, 6) / 6.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr hardsigmoid(Halide::Expr v) { return Halide::clamp(v + 3.0f, 0.0f, 6.0f) / 6.0f; }
inline Halide::Expr hswish(Halide::Expr v) { return v * hardsigmoid(v); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, CI, H, W]
    Halide::ImageParam w_stem{Halide::Float(32), 4, "w_stem"};  // [C, CI, 3, 3]
    Halide::ImageParam b_stem{Halide::Float(32), 1, "b_stem"};  // [C]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};      // [C, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};      // [C]
    Halide::ImageParam w_fc1{Halide::Float(32), 4, "w_fc1"};    // [R, C, 1, 1]
    Halide::ImageParam b_fc1{Halide::Float(32), 1, "b_fc1"};    // [R]
    Halide::ImageParam w_fc2{Halide::Float(32), 4, "w_fc2"};    // [C, R, 1, 1]
    Halide::ImageParam b_fc2{Halide::Float(32), 1, "b_fc2"};    // [C]
    Halide::ImageParam w_proj{Halide::Float(32), 4, "w_proj"};  // [K, C, 1, 1]
    Halide::ImageParam b_proj{Halide::Float(32), 1, "b_proj"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rs;   // the stem taps: rs.x, rs.y over the 3x3 window, rs.z over the CI channels
    Halide::RDom rk;   // the 3x3 depthwise taps
    Halide::RDom rxy;  // the Ho x Wo positions pooled by the SE
    Halide::RDom rcc;  // the C channels (SE fc1 and the project conv)
    Halide::RDom rr;   // the R squeezed channels (SE fc2)
    Halide::Func x_padded{"x_padded"};  // x, zero outside [0, W) x [0, H)
    Halide::Func stem{"stem"};          // conv3x3 stride 2 of x_padded, Hs x Ws
    Halide::Func s{"s"};                // hswish(stem + b_stem)
    Halide::Func s_padded{"s_padded"};  // s, zero outside [0, Ws) x [0, Hs)
    Halide::Func dw{"dw"};              // depthwise3x3 stride 2 of s_padded, Ho x Wo
    Halide::Func d{"d"};                // ReLU(dw + b_dw)
    Halide::Func pool_sum{"pool_sum"};  // sum over (Ho, Wo) of d, (c, n)
    Halide::Func fc1{"fc1"};            // conv1x1(pool_sum / (Ho*Wo), w_fc1), (r, n)
    Halide::Func s1{"s1"};              // ReLU(fc1 + b_fc1)
    Halide::Func fc2{"fc2"};            // conv1x1(s1, w_fc2), (c, n)
    Halide::Func gate{"gate"};          // hardsigmoid(fc2 + b_fc2)
    Halide::Func project{"project"};    // conv1x1(d * gate, w_proj)
    Halide::Func y{"y"};                // project + b_proj: the output [1, K, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Ws = (W - 1) / 2 + 1, Hs = (H - 1) / 2 + 1;
        Expr Wo = (Ws - 1) / 2 + 1, Ho = (Hs - 1) / 2 + 1;
        Expr C = w_stem.dim(3).extent();
        rs = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "rs");
        rk = RDom(0, 3, 0, 3, "rk");
        rxy = RDom(0, Wo, 0, Ho, "rxy");
        rcc = RDom(0, C, "rcc");
        rr = RDom(0, w_fc1.dim(3).extent(), "rr");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        stem(col, row, c, n) = 0.0f;
        stem(col, row, c, n) += w_stem(rs.x, rs.y, rs.z, c) * x_padded(2 * col + rs.x - 1, 2 * row + rs.y - 1, rs.z, n);
        s(col, row, c, n) = hswish(stem(col, row, c, n) + b_stem(c));
        s_padded(col, row, c, n) = BoundaryConditions::constant_exterior(s, 0.0f, {{0, Ws}, {0, Hs}})(col, row, c, n);
        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * s_padded(2 * col + rk.x - 1, 2 * row + rk.y - 1, c, n);
        d(col, row, c, n) = max(dw(col, row, c, n) + b_dw(c), 0.0f);

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += d(rxy.x, rxy.y, c, n);
        fc1(c, n) = 0.0f;
        fc1(c, n) += w_fc1(0, 0, rcc, c) * (pool_sum(rcc, n) / cast<float>(Wo * Ho));
        s1(c, n) = max(fc1(c, n) + b_fc1(c), 0.0f);
        fc2(c, n) = 0.0f;
        fc2(c, n) += w_fc2(0, 0, rr, c) * s1(rr, n);
        gate(c, n) = hardsigmoid(fc2(c, n) + b_fc2(c));

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_proj(0, 0, rcc, c) * (d(col, row, rcc, n) * gate(rcc, n));
        y(col, row, c, n) = project(col, row, c, n) + b_proj(c);
    }

    ekb::Kernel kernel() {
        return {{x, w_stem, b_stem, w_dw, b_dw, w_fc1, b_fc1, w_fc2, b_fc2, w_proj, b_proj}, {y}};
    }
};

}  // namespace task
