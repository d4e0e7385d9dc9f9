// Halide reference algorithm for task `mobilenetv1_vww_block_stack`: two consecutive
// depthwise-separable layers of MobileNetV1 (batch norm folded), the second one strided:
//   h1 = ReLU6(depthwise3x3(x, w_dw1, pad 1, stride 1) + b_dw1)     C0 channels, H x W
//   h2 = ReLU6(conv1x1(h1, w_pw1) + b_pw1)                          C0 -> C1, H x W
//   h3 = ReLU6(depthwise3x3(h2, w_dw2, pad 1, stride 2) + b_dw2)    C1 channels, Ho x Wo
//   y  = ReLU6(conv1x1(h3, w_pw2) + b_pw2)                          C1 -> C2, Ho x Wo
// with Ho = (H - 1) / 2 + 1, Wo = (W - 1) / 2 + 1.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_dw1(kx, ky, 0, c) is w_dw1[c, 0, ky, kx], w_pw1(0, 0, ci, co) is w_pw1[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};          // [1, C0, H, W]
    Halide::ImageParam w_dw1{Halide::Float(32), 4, "w_dw1"};  // [C0, 1, 3, 3]
    Halide::ImageParam b_dw1{Halide::Float(32), 1, "b_dw1"};  // [C0]
    Halide::ImageParam w_pw1{Halide::Float(32), 4, "w_pw1"};  // [C1, C0, 1, 1]
    Halide::ImageParam b_pw1{Halide::Float(32), 1, "b_pw1"};  // [C1]
    Halide::ImageParam w_dw2{Halide::Float(32), 4, "w_dw2"};  // [C1, 1, 3, 3]
    Halide::ImageParam b_dw2{Halide::Float(32), 1, "b_dw2"};  // [C1]
    Halide::ImageParam w_pw2{Halide::Float(32), 4, "w_pw2"};  // [C2, C1, 1, 1]
    Halide::ImageParam b_pw2{Halide::Float(32), 1, "b_pw2"};  // [C2]
    // col: the column (dim 0), row: the row (dim 1), c: the channel of each stage, n: the
    // batch (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;   // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rc1;  // the input channels reduced by the first pointwise conv (C0)
    Halide::RDom rc2;  // the input channels reduced by the second pointwise conv (C1)
    Halide::Func padded1{"padded1"};  // x, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw1{"dw1"};          // depthwise3x3(padded1, w_dw1), stride 1
    Halide::Func h1{"h1"};            // ReLU6(dw1 + b_dw1)
    Halide::Func pw1{"pw1"};          // conv1x1(h1, w_pw1): the reduction over rc1
    Halide::Func h2{"h2"};            // ReLU6(pw1 + b_pw1)
    Halide::Func padded2{"padded2"};  // h2, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw2{"dw2"};          // depthwise3x3(padded2, w_dw2), stride 2
    Halide::Func h3{"h3"};            // ReLU6(dw2 + b_dw2)
    Halide::Func pw2{"pw2"};          // conv1x1(h3, w_pw2): the reduction over rc2
    Halide::Func y{"y"};              // ReLU6(pw2 + b_pw2): the output

    Algorithm() {
        using Halide::clamp;
        using Halide::BoundaryConditions::constant_exterior;
        Halide::Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = Halide::RDom(0, 3, 0, 3, "rk");
        rc1 = Halide::RDom(0, x.dim(2).extent(), "rc1");
        rc2 = Halide::RDom(0, w_pw1.dim(3).extent(), "rc2");

        padded1(col, row, c, n) = constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        dw1(col, row, c, n) = 0.0f;
        dw1(col, row, c, n) += w_dw1(rk.x, rk.y, 0, c) * padded1(col + rk.x - 1, row + rk.y - 1, c, n);
        h1(col, row, c, n) = clamp(dw1(col, row, c, n) + b_dw1(c), 0.0f, 6.0f);

        pw1(col, row, c, n) = 0.0f;
        pw1(col, row, c, n) += w_pw1(0, 0, rc1, c) * h1(col, row, rc1, n);
        h2(col, row, c, n) = clamp(pw1(col, row, c, n) + b_pw1(c), 0.0f, 6.0f);

        padded2(col, row, c, n) = constant_exterior(h2, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        dw2(col, row, c, n) = 0.0f;
        dw2(col, row, c, n) += w_dw2(rk.x, rk.y, 0, c) * padded2(2 * col + rk.x - 1, 2 * row + rk.y - 1, c, n);
        h3(col, row, c, n) = clamp(dw2(col, row, c, n) + b_dw2(c), 0.0f, 6.0f);

        pw2(col, row, c, n) = 0.0f;
        pw2(col, row, c, n) += w_pw2(0, 0, rc2, c) * h3(col, row, rc2, n);
        y(col, row, c, n) = clamp(pw2(col, row, c, n) + b_pw2(c), 0.0f, 6.0f);
    }

    ekb::Kernel kernel() { return {{x, w_dw1, b_dw1, w_pw1, b_pw1, w_dw2, b_dw2, w_pw2, b_pw2}, {y}}; }
};

}  // namespace task
