// Halide reference algorithm for task `yolov4_tiny_csp_block`: the CSP block of the
// YOLOv4-tiny backbone (Darknet), batch norm folded, leaky(v) = v > 0 ? v : 0.1 v.
//   t0 = leaky(conv3x3(x, w0, pad 1) + b0)            CI -> C
//   t1 = leaky(conv3x3(t0[C/2:], w1, pad 1) + b1)     C/2 -> C/2  (route groups=2 group_id=1)
//   t2 = leaky(conv3x3(t1, w2, pad 1) + b2)           C/2 -> C/2
//   t3 = leaky(conv1x1(cat[t2, t1], w3) + b3)         C -> C
//   y  = maxpool 2x2 stride 2 of cat[t0, t3]          2C channels, H/2 x W/2 (floor)
// No concat is materialized: t3 reads t2 and t1, y reads t0 or t3 by channel.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w0(kx, ky, ci, co) is w0[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float slope = 0.1f;  // Darknet's leaky activation: reference.py's get_init_inputs()

inline Halide::Expr leaky(Halide::Expr v) { return Halide::select(v > 0.0f, v, slope * v); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, CI, H, W]
    Halide::ImageParam w0{Halide::Float(32), 4, "w0"};  // [C, CI, 3, 3]
    Halide::ImageParam b0{Halide::Float(32), 1, "b0"};  // [C]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [C/2, C/2, 3, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [C/2]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [C/2, C/2, 3, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [C/2]
    Halide::ImageParam w3{Halide::Float(32), 4, "w3"};  // [C, C, 1, 1]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom r0;   // conv0: r0.x, r0.y over the 3x3 taps, r0.z over the CI input channels
    Halide::RDom r3;   // conv1 and conv2: the 3x3 taps and the C/2 input channels
    Halide::RDom rh;   // conv3: the C/2 channels of each concatenated half
    Halide::RDom rp;   // the 2x2 pooling window
    Halide::Func x_padded{"x_padded"};    // x, zero outside the map
    Halide::Func conv0{"conv0"};          // conv3x3(x_padded, w0)
    Halide::Func t0{"t0"};                // leaky(conv0 + b0)
    Halide::Func half_padded{"half_padded"};  // t0's second half (t0 channel C/2 + k), zero-padded
    Halide::Func conv1{"conv1"};          // conv3x3(half_padded, w1)
    Halide::Func t1{"t1"};                // leaky(conv1 + b1)
    Halide::Func t1_padded{"t1_padded"};  // t1, zero outside the map
    Halide::Func conv2{"conv2"};          // conv3x3(t1_padded, w2)
    Halide::Func t2{"t2"};                // leaky(conv2 + b2)
    Halide::Func conv3{"conv3"};          // conv1x1(cat[t2, t1], w3)
    Halide::Func t3{"t3"};                // leaky(conv3 + b3)
    Halide::Func y{"y"};                  // maxpool2x2 s2 of cat[t0, t3]: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), C = w0.dim(3).extent();
        Expr Ch = w1.dim(3).extent();  // C/2
        r0 = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "r0");
        r3 = RDom(0, 3, 0, 3, 0, Ch, "r3");
        rh = RDom(0, Ch, "rh");
        rp = RDom(0, 2, 0, 2, "rp");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv0(col, row, c, n) = 0.0f;
        conv0(col, row, c, n) += w0(r0.x, r0.y, r0.z, c) * x_padded(col + r0.x - 1, row + r0.y - 1, r0.z, n);
        t0(col, row, c, n) = leaky(conv0(col, row, c, n) + b0(c));

        Func half("half");
        half(col, row, c, n) = t0(col, row, c + Ch, n);
        half_padded(col, row, c, n) = BoundaryConditions::constant_exterior(half, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(r3.x, r3.y, r3.z, c) * half_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        t1(col, row, c, n) = leaky(conv1(col, row, c, n) + b1(c));

        t1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(t1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(r3.x, r3.y, r3.z, c) * t1_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        t2(col, row, c, n) = leaky(conv2(col, row, c, n) + b2(c));

        conv3(col, row, c, n) = 0.0f;
        conv3(col, row, c, n) += w3(0, 0, rh, c) * t2(col, row, rh, n) + w3(0, 0, rh + Ch, c) * t1(col, row, rh, n);
        t3(col, row, c, n) = leaky(conv3(col, row, c, n) + b3(c));

        Func cat("cat");
        cat(col, row, c, n) = select(c < C, t0(col, row, min(c, C - 1), n), t3(col, row, max(c - C, 0), n));
        y(col, row, c, n) = maximum(cat(2 * col + rp.x, 2 * row + rp.y, c, n));
    }

    ekb::Kernel kernel() { return {{x, w0, b0, w1, b1, w2, b2, w3, b3}, {y}}; }
};

}  // namespace task
