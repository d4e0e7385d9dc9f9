// Halide reference algorithm for task `blazeface_single_block_s2`: BlazeFace's single
// BlazeBlock with stride 2 (MediaPipe face_detection_front), batch norm folded.
//   d = dw3x3 stride 2 (x zero-padded by 2 on the right and bottom, w_dw) + b_dw   CI channels
//   p = conv1x1(d, w_p) + b_p                                                      CI -> CO
//   s = maxpool2x2 stride 2 (x) for c < CI, 0 for c >= CI                          (channel pad)
//   y = ReLU(p + s)                                                                 [1, CO, H/2, W/2]
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_dw(kx, ky, 0, c) is w_dw[c, 0, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, CI, H, W]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};  // [CI, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};  // [CI]
    Halide::ImageParam w_p{Halide::Float(32), 4, "w_p"};    // [CO, CI, 1, 1]
    Halide::ImageParam b_p{Halide::Float(32), 1, "b_p"};    // [CO]
    // col, row: the output map (W/2 x H/2) except in x_padded; c: the channel; n: the batch.
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;   // the 3x3 depthwise taps
    Halide::RDom rc;   // the CI channels reduced by the 1x1 conv
    Halide::Func x_padded{"x_padded"};  // x, zero outside the map (only the right/bottom pad is read)
    Halide::Func dw{"dw"};              // dw3x3 s2 (x_padded, w_dw) + b_dw
    Halide::Func conv{"conv"};          // conv1x1(dw, w_p)
    Halide::Func shortcut{"shortcut"};  // maxpool2x2 s2 (x), zero for c >= CI
    Halide::Func y{"y"};                // ReLU(conv + b_p + shortcut): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), CI = x.dim(2).extent();
        rk = RDom(0, 3, 0, 3, "rk");
        rc = RDom(0, CI, "rc");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        dw(col, row, c, n) = b_dw(c);
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * x_padded(2 * col + rk.x, 2 * row + rk.y, c, n);

        conv(col, row, c, n) = 0.0f;
        conv(col, row, c, n) += w_p(0, 0, rc, c) * dw(col, row, rc, n);

        Expr cc = min(c, CI - 1);
        Expr pooled = max(max(x(2 * col, 2 * row, cc, n), x(2 * col + 1, 2 * row, cc, n)),
                          max(x(2 * col, 2 * row + 1, cc, n), x(2 * col + 1, 2 * row + 1, cc, n)));
        shortcut(col, row, c, n) = select(c < CI, pooled, 0.0f);
        y(col, row, c, n) = max(conv(col, row, c, n) + b_p(c) + shortcut(col, row, c, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w_dw, b_dw, w_p, b_p}, {y}}; }
};

}  // namespace task
