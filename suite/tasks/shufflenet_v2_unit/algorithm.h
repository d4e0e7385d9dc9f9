// Halide reference algorithm for task `shufflenet_v2_unit`: the stride-1 ShuffleNetV2 unit
// (batch norm folded). x has 2B channels: x1 = channels [0, B), x2 = channels [B, 2B).
//   h1 = ReLU(conv1x1(x2, w1) + b1)                 B -> B channels
//   h2 = depthwise3x3(h1, w_dw, pad 1) + b_dw       per channel, no activation
//   z  = ReLU(conv1x1(h2, w2) + b2)                 B -> B channels
//   y  = channel_shuffle(cat(x1, z), 2):  y[2i] = x1[i], y[2i + 1] = z[i]
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w1(0, 0, ci, co) is w1[co, ci, 0, 0], w_dw(kx, ky, 0, c) is w_dw[c, 0, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, 2B, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};      // [B, B, 1, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [B]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};  // [B, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};  // [B]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};      // [B, B, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [B]
    // col: W (dim 0), row: H (dim 1), c: the channel (B in the branch, 2B in y), n: the batch
    // (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rb1;  // the input channels of the first 1x1 conv (B, the x2 half of x)
    Halide::RDom rk;   // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rb2;  // the input channels of the second 1x1 conv (B)
    Halide::Func pw1{"pw1"};              // conv1x1(x2, w1): the reduction over rb1
    Halide::Func h1{"h1"};                // ReLU(pw1 + b1)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw{"dw"};                // depthwise3x3(h1_padded, w_dw): the reduction over rk
    Halide::Func h2{"h2"};                // dw + b_dw
    Halide::Func pw2{"pw2"};              // conv1x1(h2, w2): the reduction over rb2
    Halide::Func z{"z"};                  // ReLU(pw2 + b2): the branch output
    Halide::Func y{"y"};                  // the shuffled concat of x1 and z: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr B = w1.dim(3).extent();
        rb1 = RDom(0, B, "rb1");
        rk = RDom(0, 3, 0, 3, "rk");
        rb2 = RDom(0, B, "rb2");

        pw1(col, row, c, n) = 0.0f;
        pw1(col, row, c, n) += w1(0, 0, rb1, c) * x(col, row, B + rb1, n);
        h1(col, row, c, n) = max(pw1(col, row, c, n) + b1(c), 0.0f);

        // Zero padding over the spatial dimensions only.
        h1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * h1_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        h2(col, row, c, n) = dw(col, row, c, n) + b_dw(c);

        pw2(col, row, c, n) = 0.0f;
        pw2(col, row, c, n) += w2(0, 0, rb2, c) * h2(col, row, rb2, n);
        z(col, row, c, n) = max(pw2(col, row, c, n) + b2(c), 0.0f);

        // cat(x1, z) viewed as [2, B] channels, transposed to [B, 2]: even channels come from
        // x1, odd ones from z.
        y(col, row, c, n) = select(c % 2 == 0, x(col, row, c / 2, n), z(col, row, c / 2, n));
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w_dw, b_dw, w2, b2}, {y}}; }
};

}  // namespace task
