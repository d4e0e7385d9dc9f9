// Halide reference algorithm for task `keypoint_deconv_head`: the last stage of a
// SimpleBaseline pose head, batch norm folded.
//   d = conv_transpose2d(x, w_d, stride 2, padding 1), 4x4: output pixel ox = 2 ix - 1 + kx
//       gathers, per input channel, the taps kx = 1 - px + 2 tx at ix = ox / 2 + px - tx
//       (px = ox % 2, tx = 0, 1), likewise for rows;
//   h = ReLU(d + b_d)                      CI -> CO at 2H x 2W
//   y = conv1x1(h, w_f) + b_f              CO -> K
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_d(kx, ky, co, ci) is w_d[ci, co, ky, kx] (PyTorch's transposed-conv layout).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};      // [1, CI, H, W]
    Halide::ImageParam w_d{Halide::Float(32), 4, "w_d"};  // [CI, CO, 4, 4]
    Halide::ImageParam b_d{Halide::Float(32), 1, "b_d"};  // [CO]
    Halide::ImageParam w_f{Halide::Float(32), 4, "w_f"};  // [K, CO, 1, 1]
    Halide::ImageParam b_f{Halide::Float(32), 1, "b_f"};  // [K]
    // col, row: the output map (2W x 2H); c: the channel; n: the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rd;  // the transposed conv: rd.x = tx, rd.y = ty (2 x 2 taps), rd.z the CI channels
    Halide::RDom rf;  // the CO channels of the final 1x1
    Halide::Func x_padded{"x_padded"};  // x, zero outside the map
    Halide::Func deconv{"deconv"};      // the transposed conv (no bias)
    Halide::Func h{"h"};                // ReLU(deconv + b_d)
    Halide::Func conv{"conv"};          // conv1x1(h, w_f)
    Halide::Func y{"y"};                // conv + b_f: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rd = RDom(0, 2, 0, 2, 0, x.dim(2).extent(), "rd");
        rf = RDom(0, w_f.dim(2).extent(), "rf");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        Expr px = col % 2, py = row % 2;
        Expr kx = 1 - px + 2 * rd.x, ky = 1 - py + 2 * rd.y;
        Expr ix = col / 2 + px - rd.x, iy = row / 2 + py - rd.y;
        deconv(col, row, c, n) = 0.0f;
        deconv(col, row, c, n) += w_d(kx, ky, c, rd.z) * x_padded(ix, iy, rd.z, n);
        h(col, row, c, n) = max(deconv(col, row, c, n) + b_d(c), 0.0f);

        conv(col, row, c, n) = 0.0f;
        conv(col, row, c, n) += w_f(0, 0, rf, c) * h(col, row, rf, n);
        y(col, row, c, n) = conv(col, row, c, n) + b_f(c);
    }

    ekb::Kernel kernel() { return {{x, w_d, b_d, w_f, b_f}, {y}}; }
};

}  // namespace task
