// Halide reference algorithm for task `mbv3_large_stem_bneck1`: MobileNetV3-Large features.0-1
// (batch norm folded).
//   s = hswish(conv3x3(x, w_stem, pad 1, stride 2) + b_stem)   CI -> C, Ho x Wo = (H-1)/2+1 x (W-1)/2+1
//   d = ReLU(depthwise3x3(s, w_dw, pad 1) + b_dw)
//   y = conv1x1(d, w_proj) + b_proj + s
// hswish(v) = v * clamp(v + 3, 0, 6) / 6.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr hswish(Halide::Expr v) { return v * Halide::clamp(v + 3.0f, 0.0f, 6.0f) / 6.0f; }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, CI, H, W]
    Halide::ImageParam w_stem{Halide::Float(32), 4, "w_stem"};  // [C, CI, 3, 3]
    Halide::ImageParam b_stem{Halide::Float(32), 1, "b_stem"};  // [C]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};      // [C, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};      // [C]
    Halide::ImageParam w_proj{Halide::Float(32), 4, "w_proj"};  // [C, C, 1, 1]
    Halide::ImageParam b_proj{Halide::Float(32), 1, "b_proj"};  // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rs;  // the stem taps: rs.x, rs.y over the 3x3 window, rs.z over the CI input channels
    Halide::RDom rk;  // the 3x3 depthwise taps
    Halide::RDom rp;  // the C channels reduced by the project conv
    Halide::Func x_padded{"x_padded"};  // x, zero outside [0, W) x [0, H)
    Halide::Func stem{"stem"};          // conv3x3 stride 2 of x_padded, Ho x Wo
    Halide::Func s{"s"};                // hswish(stem + b_stem)
    Halide::Func s_padded{"s_padded"};  // s, zero outside [0, Wo) x [0, Ho)
    Halide::Func dw{"dw"};              // depthwise3x3(s_padded, w_dw)
    Halide::Func d{"d"};                // ReLU(dw + b_dw)
    Halide::Func project{"project"};    // conv1x1(d, w_proj)
    Halide::Func y{"y"};                // project + b_proj + s: the output [1, C, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wo = (W - 1) / 2 + 1, Ho = (H - 1) / 2 + 1;
        rs = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "rs");
        rk = RDom(0, 3, 0, 3, "rk");
        rp = RDom(0, w_proj.dim(2).extent(), "rp");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        stem(col, row, c, n) = 0.0f;
        stem(col, row, c, n) += w_stem(rs.x, rs.y, rs.z, c) * x_padded(2 * col + rs.x - 1, 2 * row + rs.y - 1, rs.z, n);
        s(col, row, c, n) = hswish(stem(col, row, c, n) + b_stem(c));
        s_padded(col, row, c, n) = BoundaryConditions::constant_exterior(s, 0.0f, {{0, Wo}, {0, Ho}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * s_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        d(col, row, c, n) = max(dw(col, row, c, n) + b_dw(c), 0.0f);

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_proj(0, 0, rp, c) * d(col, row, rp, n);
        y(col, row, c, n) = project(col, row, c, n) + b_proj(c) + s(col, row, c, n);
    }

    ekb::Kernel kernel() { return {{x, w_stem, b_stem, w_dw, b_dw, w_proj, b_proj}, {y}}; }
};

}  // namespace task
