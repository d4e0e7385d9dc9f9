// Halide reference algorithm for task `yolov5n_stem`: the YOLOv5 v6.0+ stem, batch norm
// folded.
//   h = SiLU(conv6x6(x, w0, stride 2, pad 2) + b0)     CI -> C1, H/2 x W/2
//   y = SiLU(conv3x3(h, w1, stride 2, pad 1) + b1)     C1 -> C2, (H/2+1)/2 x (W/2+1)/2
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w0(kx, ky, ci, co) is w0[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, CI, H, W]
    Halide::ImageParam w0{Halide::Float(32), 4, "w0"};  // [C1, CI, 6, 6]
    Halide::ImageParam b0{Halide::Float(32), 1, "b0"};  // [C1]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [C2, C1, 3, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [C2]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom r0;  // the 6x6 taps and the CI channels
    Halide::RDom r1;  // the 3x3 taps and the C1 channels
    Halide::Func x_padded{"x_padded"};  // x, zero outside the image
    Halide::Func conv0{"conv0"};        // conv6x6 s2 (x_padded, w0)
    Halide::Func h{"h"};                // SiLU(conv0 + b0)
    Halide::Func h_padded{"h_padded"};  // h, zero outside its map
    Halide::Func conv1{"conv1"};        // conv3x3 s2 (h_padded, w1)
    Halide::Func y{"y"};                // SiLU(conv1 + b1): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        r0 = RDom(0, 6, 0, 6, 0, x.dim(2).extent(), "r0");
        r1 = RDom(0, 3, 0, 3, 0, w1.dim(2).extent(), "r1");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv0(col, row, c, n) = 0.0f;
        conv0(col, row, c, n) += w0(r0.x, r0.y, r0.z, c) * x_padded(2 * col + r0.x - 2, 2 * row + r0.y - 2, r0.z, n);
        h(col, row, c, n) = silu(conv0(col, row, c, n) + b0(c));

        h_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h, 0.0f, {{0, W / 2}, {0, H / 2}})(col, row, c, n);
        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(r1.x, r1.y, r1.z, c) * h_padded(2 * col + r1.x - 1, 2 * row + r1.y - 1, r1.z, n);
        y(col, row, c, n) = silu(conv1(col, row, c, n) + b1(c));
    }

    ekb::Kernel kernel() { return {{x, w0, b0, w1, b1}, {y}}; }
};

}  // namespace task
