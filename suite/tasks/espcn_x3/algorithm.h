// Halide reference algorithm for task `espcn_x3`: ESPCN super-resolution (Shi et al. 2016),
// the whole network on the luma channel:
//   h1 = tanh(conv5x5(x, w1, pad 2) + b1)                   [F1, H, W]
//   h2 = tanh(conv3x3(h1, w2, pad 1) + b2)                  [F2, H, W]
//   s  = conv3x3(h2, w3, pad 1) + b3                        [R*R, H, W]
//   y(X, Y) = s(X / R, Y / R, (Y % R) * R + X % R)          [1, R H, R W]  (pixel shuffle)
// R is the upscale factor: sqrt of w3's output channels. Halide dimension 0 is the last
// PyTorch dimension: x(col, row, 0, 0) is x[0, 0, row, col], w2(kx, ky, ci, co) is
// w2[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, 1, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [F1, 1, 5, 5]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [F1]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [F2, F1, 3, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [F2]
    Halide::ImageParam w3{Halide::Float(32), 4, "w3"};  // [R*R, F2, 3, 3]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [R*R]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom r1;  // conv1 taps: r1.x kx, r1.y ky (5x5)
    Halide::RDom r2;  // conv2: r2.x input channel (F1), r2.y kx, r2.z ky
    Halide::RDom r3;  // conv3: r3.x input channel (F2), r3.y kx, r3.z ky
    Halide::Func x_pad{"x_pad"}, conv1{"conv1"}, h1{"h1"}, h1_pad{"h1_pad"};
    Halide::Func conv2{"conv2"}, h2{"h2"}, h2_pad{"h2_pad"}, conv3{"conv3"};
    Halide::Func y{"y"};  // the pixel-shuffled output
    Halide::Expr R;       // the upscale factor

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        R = cast<int>(sqrt(cast<float>(w3.dim(3).extent())) + 0.5f);
        r1 = RDom(0, 5, 0, 5, "r1");
        r2 = RDom(0, w2.dim(2).extent(), 0, 3, 0, 3, "r2");
        r3 = RDom(0, w3.dim(2).extent(), 0, 3, 0, 3, "r3");
        x_pad(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = b1(c);
        conv1(col, row, c, n) += w1(r1.x, r1.y, 0, c) * x_pad(col + r1.x - 2, row + r1.y - 2, 0, n);
        h1(col, row, c, n) = tanh(conv1(col, row, c, n));
        h1_pad(col, row, c, n) = BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv2(col, row, c, n) = b2(c);
        conv2(col, row, c, n) += w2(r2.y, r2.z, r2.x, c) * h1_pad(col + r2.y - 1, row + r2.z - 1, r2.x, n);
        h2(col, row, c, n) = tanh(conv2(col, row, c, n));
        h2_pad(col, row, c, n) = BoundaryConditions::constant_exterior(h2, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv3(col, row, c, n) = b3(c);
        conv3(col, row, c, n) += w3(r3.y, r3.z, r3.x, c) * h2_pad(col + r3.y - 1, row + r3.z - 1, r3.x, n);
        y(col, row, c, n) = conv3(col / R, row / R, (row % R) * R + col % R, n);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3}, {y}}; }
};

}  // namespace task
