// Halide reference algorithm for task `yolov5n_c3_block`: the YOLOv5 C3 module with one
// bottleneck (shortcut), batch norm folded.
//   h1 = SiLU(conv1x1(x, w1) + b1)                      C1 -> CH   (cv1)
//   h2 = SiLU(conv1x1(x, w2) + b2)                      C1 -> CH   (cv2)
//   m1 = SiLU(conv1x1(h1, w_m1) + b_m1)                 CH -> CH   (m[0].cv1)
//   m2 = SiLU(conv3x3(m1, w_m2, pad 1) + b_m2)          CH -> CH   (m[0].cv2)
//   y  = SiLU(conv1x1(cat[h1 + m2, h2], w3) + b3)       2*CH -> C2 (cv3)
// The concat is never materialized: the last conv reads h1 + m2 and h2 directly.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_m2(kx, ky, ci, co) is w_m2[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, C1, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};      // [CH, C1, 1, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [CH]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};      // [CH, C1, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [CH]
    Halide::ImageParam w_m1{Halide::Float(32), 4, "w_m1"};  // [CH, CH, 1, 1]
    Halide::ImageParam b_m1{Halide::Float(32), 1, "b_m1"};  // [CH]
    Halide::ImageParam w_m2{Halide::Float(32), 4, "w_m2"};  // [CH, CH, 3, 3]
    Halide::ImageParam b_m2{Halide::Float(32), 1, "b_m2"};  // [CH]
    Halide::ImageParam w3{Halide::Float(32), 4, "w3"};      // [C2, 2*CH, 1, 1]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};      // [C2]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;   // the C1 input channels of cv1 and cv2
    Halide::RDom rh;   // the CH channels of a bottleneck 1x1 conv and of each half of cv3
    Halide::RDom r3;   // the 3x3 conv: r3.x, r3.y over the taps, r3.z over the CH input channels
    Halide::Func conv1{"conv1"};          // conv1x1(x, w1)
    Halide::Func h1{"h1"};                // SiLU(conv1 + b1)
    Halide::Func conv2{"conv2"};          // conv1x1(x, w2)
    Halide::Func h2{"h2"};                // SiLU(conv2 + b2)
    Halide::Func conv_m1{"conv_m1"};      // conv1x1(h1, w_m1)
    Halide::Func m1{"m1"};                // SiLU(conv_m1 + b_m1)
    Halide::Func m1_padded{"m1_padded"};  // m1, zero outside the map (the pad of 1)
    Halide::Func conv_m2{"conv_m2"};      // conv3x3(m1_padded, w_m2)
    Halide::Func m2{"m2"};                // SiLU(conv_m2 + b_m2)
    Halide::Func conv3{"conv3"};          // conv1x1(cat[h1 + m2, h2], w3)
    Halide::Func y{"y"};                  // SiLU(conv3 + b3): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), CH = w1.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rh = RDom(0, CH, "rh");
        r3 = RDom(0, 3, 0, 3, 0, CH, "r3");

        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = silu(conv1(col, row, c, n) + b1(c));

        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(0, 0, rc, c) * x(col, row, rc, n);
        h2(col, row, c, n) = silu(conv2(col, row, c, n) + b2(c));

        conv_m1(col, row, c, n) = 0.0f;
        conv_m1(col, row, c, n) += w_m1(0, 0, rh, c) * h1(col, row, rh, n);
        m1(col, row, c, n) = silu(conv_m1(col, row, c, n) + b_m1(c));

        m1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(m1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv_m2(col, row, c, n) = 0.0f;
        conv_m2(col, row, c, n) += w_m2(r3.x, r3.y, r3.z, c) * m1_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        m2(col, row, c, n) = silu(conv_m2(col, row, c, n) + b_m2(c));

        conv3(col, row, c, n) = 0.0f;
        conv3(col, row, c, n) += w3(0, 0, rh, c) * (h1(col, row, rh, n) + m2(col, row, rh, n)) +
                                 w3(0, 0, rh + CH, c) * h2(col, row, rh, n);
        y(col, row, c, n) = silu(conv3(col, row, c, n) + b3(c));
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w_m1, b_m1, w_m2, b_m2, w3, b3}, {y}}; }
};

}  // namespace task
