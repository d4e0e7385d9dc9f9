// Halide reference algorithm for task `blazeface_double_block`: the stride-1 double
// BlazeBlock of BlazeFace, batch norm folded.
//   d1 = dw5x5(x, w_dw1, pad 2) + b_dw1           C channels, linear
//   p1 = ReLU(conv1x1(d1, w_p1) + b_p1)           C -> M
//   d2 = dw5x5(p1, w_dw2, pad 2) + b_dw2          M channels, linear
//   y  = ReLU(conv1x1(d2, w_p2) + b_p2 + x)       M -> C, residual
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_dw1(kx, ky, 0, c) is w_dw1[c, 0, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};          // [1, C, H, W]
    Halide::ImageParam w_dw1{Halide::Float(32), 4, "w_dw1"};  // [C, 1, 5, 5]
    Halide::ImageParam b_dw1{Halide::Float(32), 1, "b_dw1"};  // [C]
    Halide::ImageParam w_p1{Halide::Float(32), 4, "w_p1"};    // [M, C, 1, 1]
    Halide::ImageParam b_p1{Halide::Float(32), 1, "b_p1"};    // [M]
    Halide::ImageParam w_dw2{Halide::Float(32), 4, "w_dw2"};  // [M, 1, 5, 5]
    Halide::ImageParam b_dw2{Halide::Float(32), 1, "b_dw2"};  // [M]
    Halide::ImageParam w_p2{Halide::Float(32), 4, "w_p2"};    // [C, M, 1, 1]
    Halide::ImageParam b_p2{Halide::Float(32), 1, "b_p2"};    // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;   // the 5x5 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rc;   // the C channels reduced by the project conv
    Halide::RDom rm;   // the M channels reduced by the expand conv
    Halide::Func x_padded{"x_padded"};    // x, zero outside the map (the pad of 2)
    Halide::Func d1{"d1"};                // dw5x5(x_padded, w_dw1) + b_dw1
    Halide::Func conv_p1{"conv_p1"};      // conv1x1(d1, w_p1)
    Halide::Func p1{"p1"};                // ReLU(conv_p1 + b_p1)
    Halide::Func p1_padded{"p1_padded"};  // p1, zero outside the map
    Halide::Func d2{"d2"};                // dw5x5(p1_padded, w_dw2) + b_dw2
    Halide::Func conv_p2{"conv_p2"};      // conv1x1(d2, w_p2)
    Halide::Func y{"y"};                  // ReLU(conv_p2 + b_p2 + x): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = RDom(0, 5, 0, 5, "rk");
        rc = RDom(0, x.dim(2).extent(), "rc");
        rm = RDom(0, w_p1.dim(3).extent(), "rm");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        d1(col, row, c, n) = b_dw1(c);
        d1(col, row, c, n) += w_dw1(rk.x, rk.y, 0, c) * x_padded(col + rk.x - 2, row + rk.y - 2, c, n);

        conv_p1(col, row, c, n) = 0.0f;
        conv_p1(col, row, c, n) += w_p1(0, 0, rc, c) * d1(col, row, rc, n);
        p1(col, row, c, n) = max(conv_p1(col, row, c, n) + b_p1(c), 0.0f);

        p1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(p1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        d2(col, row, c, n) = b_dw2(c);
        d2(col, row, c, n) += w_dw2(rk.x, rk.y, 0, c) * p1_padded(col + rk.x - 2, row + rk.y - 2, c, n);

        conv_p2(col, row, c, n) = 0.0f;
        conv_p2(col, row, c, n) += w_p2(0, 0, rm, c) * d2(col, row, rm, n);
        y(col, row, c, n) = max(conv_p2(col, row, c, n) + b_p2(c) + x(col, row, c, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w_dw1, b_dw1, w_p1, b_p1, w_dw2, b_dw2, w_p2, b_p2}, {y}}; }
};

}  // namespace task
