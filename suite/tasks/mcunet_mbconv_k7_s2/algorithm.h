// Halide reference algorithm for task `mcunet_mbconv_k7_s2`: the stride-2 7x7 MBConv of
// MCUNet (TinyNAS MBInvertedConvLayer; no residual; batch norm folded).
//   h1 = ReLU6(conv1x1(x, w_expand) + b_expand)                 C -> E channels, H x W
//   h2 = ReLU6(depthwise7x7(h1, w_dw, pad 3, stride 2) + b_dw)  Ho x Wo = (H-1)/2+1 x (W-1)/2+1
//   y  = conv1x1(h2, w_project) + b_project                     E -> K channels, linear
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kDw = 7;      // depthwise kernel
constexpr int kStride = 2;  // depthwise stride
constexpr int kPad = 3;     // depthwise padding (symmetric)

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};                  // [1, C, H, W]
    Halide::ImageParam w_expand{Halide::Float(32), 4, "w_expand"};    // [E, C, 1, 1]
    Halide::ImageParam b_expand{Halide::Float(32), 1, "b_expand"};    // [E]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};            // [E, 1, 7, 7]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};            // [E]
    Halide::ImageParam w_project{Halide::Float(32), 4, "w_project"};  // [K, E, 1, 1]
    Halide::ImageParam b_project{Halide::Float(32), 1, "b_project"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the expand conv
    Halide::RDom rk;  // the 7x7 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom re;  // the E expanded channels reduced by the project conv
    Halide::Func expand{"expand"};        // conv1x1(x, w_expand), H x W
    Halide::Func h1{"h1"};                // ReLU6(expand + b_expand)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside [0, W) x [0, H)
    Halide::Func dw{"dw"};                // depthwise7x7 stride 2 of h1_padded, Ho x Wo
    Halide::Func h2{"h2"};                // ReLU6(dw + b_dw)
    Halide::Func project{"project"};      // conv1x1(h2, w_project)
    Halide::Func y{"y"};                  // project + b_project: the output [1, K, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        re = RDom(0, w_project.dim(2).extent(), "re");

        expand(col, row, c, n) = 0.0f;
        expand(col, row, c, n) += w_expand(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = clamp(expand(col, row, c, n) + b_expand(c), 0.0f, 6.0f);
        h1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) *
                              h1_padded(kStride * col + rk.x - kPad, kStride * row + rk.y - kPad, c, n);
        h2(col, row, c, n) = clamp(dw(col, row, c, n) + b_dw(c), 0.0f, 6.0f);

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_project(0, 0, re, c) * h2(col, row, re, n);
        y(col, row, c, n) = project(col, row, c, n) + b_project(c);
    }

    ekb::Kernel kernel() { return {{x, w_expand, b_expand, w_dw, b_dw, w_project, b_project}, {y}}; }
};

}  // namespace task
