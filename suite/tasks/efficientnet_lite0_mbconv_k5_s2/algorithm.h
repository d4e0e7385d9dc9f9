// Halide reference algorithm for task `efficientnet_lite0_mbconv_k5_s2`: the stride-2 5x5
// MBConv6 of EfficientNet-Lite0 (no residual, no SE; batch norm folded), TF 'SAME' padding.
//   h1 = ReLU6(conv1x1(x, w_expand) + b_expand)                 C -> E channels, H x W
//   h2 = ReLU6(depthwise5x5_s2(pad_same(h1), w_dw) + b_dw)      Ho x Wo = (H+1)/2 x (W+1)/2
//   y  = conv1x1(h2, w_project) + b_project                     E -> K channels, linear
// pad_same pads a dim of extent n by p = 2*(ceil(n/2)-1) + 5 - n zeros in total, p/2 before
// (1 for an even n, 2 for an odd one) and the rest after.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kDw = 5;      // depthwise kernel
constexpr int kStride = 2;  // depthwise stride

// The 'SAME' padding before a dim of extent n (for kDw = 5, stride 2).
inline Halide::Expr same_pad_before(const Halide::Expr &n) {
    return (((n + kStride - 1) / kStride - 1) * kStride + kDw - n) / 2;
}

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};                  // [1, C, H, W]
    Halide::ImageParam w_expand{Halide::Float(32), 4, "w_expand"};    // [E, C, 1, 1]
    Halide::ImageParam b_expand{Halide::Float(32), 1, "b_expand"};    // [E]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};            // [E, 1, 5, 5]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};            // [E]
    Halide::ImageParam w_project{Halide::Float(32), 4, "w_project"};  // [K, E, 1, 1]
    Halide::ImageParam b_project{Halide::Float(32), 1, "b_project"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the expand conv
    Halide::RDom rk;  // the 5x5 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom re;  // the E expanded channels reduced by the project conv
    Halide::Func expand{"expand"};        // conv1x1(x, w_expand), H x W
    Halide::Func h1{"h1"};                // ReLU6(expand + b_expand)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside [0, W) x [0, H)
    Halide::Func dw{"dw"};                // depthwise5x5 stride 2 of h1_padded, Ho x Wo
    Halide::Func h2{"h2"};                // ReLU6(dw + b_dw)
    Halide::Func project{"project"};      // conv1x1(h2, w_project)
    Halide::Func y{"y"};                  // project + b_project: the output [1, K, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr pad_x = same_pad_before(W), pad_y = same_pad_before(H);
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        re = RDom(0, w_project.dim(2).extent(), "re");

        expand(col, row, c, n) = 0.0f;
        expand(col, row, c, n) += w_expand(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = clamp(expand(col, row, c, n) + b_expand(c), 0.0f, 6.0f);
        h1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) *
                              h1_padded(kStride * col + rk.x - pad_x, kStride * row + rk.y - pad_y, c, n);
        h2(col, row, c, n) = clamp(dw(col, row, c, n) + b_dw(c), 0.0f, 6.0f);

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_project(0, 0, re, c) * h2(col, row, re, n);
        y(col, row, c, n) = project(col, row, c, n) + b_project(c);
    }

    ekb::Kernel kernel() { return {{x, w_expand, b_expand, w_dw, b_dw, w_project, b_project}, {y}}; }
};

}  // namespace task
