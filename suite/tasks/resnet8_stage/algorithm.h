// Halide reference algorithm for task `resnet8_stage`: a residual stack of MLPerf Tiny's
// ResNet-8 with stride-2 downsampling (batch norm folded).
//   h = ReLU(conv3x3(x, w1, stride 2, pad 1) + b1)                        C -> K channels
//   y = ReLU(conv3x3(h, w2, stride 1, pad 1) + b2 + conv1x1(x, ws, stride 2) + bs)
// h and y are Ho x Wo = ceil(H/2) x ceil(W/2).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w1(kx, ky, ci, co) is w1[co, ci, ky, kx], ws(0, 0, ci, co) is ws[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, C, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [K, C, 3, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [K]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [K, K, 3, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [K]
    Halide::ImageParam ws{Halide::Float(32), 4, "ws"};  // [K, C, 1, 1]
    Halide::ImageParam bs{Halide::Float(32), 1, "bs"};  // [K]
    // col, row: the position (in x for padded_x, in the Ho x Wo output grid otherwise),
    // c: the channel (C for padded_x, K otherwise), n: the batch (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom r1;  // conv1: r1.x input channel (C), r1.y tap kx, r1.z tap ky
    Halide::RDom r2;  // conv2: r2.x input channel (K), r2.y tap kx, r2.z tap ky
    Halide::RDom rs;  // the shortcut's input channels (C)
    Halide::Func padded_x{"padded_x"};  // x, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func conv1{"conv1"};        // conv3x3(padded_x, w1, stride 2): the reduction over r1
    Halide::Func h{"h"};                // ReLU(conv1 + b1)
    Halide::Func padded_h{"padded_h"};  // h, zero outside [0, Wo) x [0, Ho) (the pad of 1)
    Halide::Func conv2{"conv2"};        // conv3x3(padded_h, w2): the reduction over r2
    Halide::Func shortcut{"shortcut"};  // conv1x1(x, ws, stride 2): the reduction over rs
    Halide::Func y{"y"};                // ReLU(conv2 + b2 + shortcut + bs): the output

    Algorithm() {
        using namespace Halide;
        const int stride = 2;  // = get_init_inputs() in reference.py
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wo = (W + 1) / 2, Ho = (H + 1) / 2;
        r1 = RDom(0, x.dim(2).extent(), 0, 3, 0, 3, "r1");
        r2 = RDom(0, w2.dim(2).extent(), 0, 3, 0, 3, "r2");
        rs = RDom(0, x.dim(2).extent(), "rs");

        // Zero padding over the spatial dimensions only.
        padded_x(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) +=
            w1(r1.y, r1.z, r1.x, c) * padded_x(col * stride + r1.y - 1, row * stride + r1.z - 1, r1.x, n);
        h(col, row, c, n) = max(conv1(col, row, c, n) + b1(c), 0.0f);

        padded_h(col, row, c, n) = BoundaryConditions::constant_exterior(h, 0.0f, {{0, Wo}, {0, Ho}})(col, row, c, n);
        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(r2.y, r2.z, r2.x, c) * padded_h(col + r2.y - 1, row + r2.z - 1, r2.x, n);

        shortcut(col, row, c, n) = 0.0f;
        shortcut(col, row, c, n) += ws(0, 0, rs, c) * x(col * stride, row * stride, rs, n);

        y(col, row, c, n) = max(conv2(col, row, c, n) + b2(c) + shortcut(col, row, c, n) + bs(c), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, ws, bs}, {y}}; }
};

}  // namespace task
