// Halide reference algorithm for task `dw_pw_block`: the stride-1 depthwise-separable layer
// of MobileNetV1 (batch norm folded).
//   h = ReLU(depthwise3x3(x, w_dw, pad 1) + b_dw)     per channel, C channels
//   y = ReLU(conv1x1(h, w_pw) + b_pw)                 C -> K channels
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_dw(kx, ky, 0, c) is w_dw[c, 0, ky, kx], w_pw(0, 0, c, k) is w_pw[k, c, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, C, H, W]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};  // [C, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};  // [C]
    Halide::ImageParam w_pw{Halide::Float(32), 4, "w_pw"};  // [K, C, 1, 1]
    Halide::ImageParam b_pw{Halide::Float(32), 1, "b_pw"};  // [K]
    // col: W (dim 0), row: H (dim 1), c: the channel (C for the depthwise stages, K for the
    // pointwise ones), n: the batch (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;  // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rc;  // the input channels reduced by the pointwise conv (C)
    Halide::Func padded{"padded"};  // x, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw{"dw"};          // depthwise3x3(padded, w_dw): the reduction over rk
    Halide::Func h{"h"};            // ReLU(dw + b_dw)
    Halide::Func pw{"pw"};          // conv1x1(h, w_pw): the reduction over rc
    Halide::Func y{"y"};            // ReLU(pw + b_pw): the output

    Algorithm() {
        using Halide::max;
        Halide::Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = Halide::RDom(0, 3, 0, 3, "rk");
        rc = Halide::RDom(0, x.dim(2).extent(), "rc");

        // Zero padding over the spatial dimensions only.
        padded(col, row, c, n) =
            Halide::BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * padded(col + rk.x - 1, row + rk.y - 1, c, n);
        h(col, row, c, n) = max(dw(col, row, c, n) + b_dw(c), 0.0f);

        pw(col, row, c, n) = 0.0f;
        pw(col, row, c, n) += w_pw(0, 0, rc, c) * h(col, row, rc, n);
        y(col, row, c, n) = max(pw(col, row, c, n) + b_pw(c), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w_dw, b_dw, w_pw, b_pw}, {y}}; }
};

}  // namespace task
