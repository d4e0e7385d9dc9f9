// Halide reference algorithm for task `yolov8n_pan_upsample_c2f`: the YOLOv8 PAN top-down
// stage, nearest 2x upsample + concat with the backbone skip + C2f (n=1, no shortcut),
// batch norm folded.
//   h  = SiLU(conv1x1(cat[up(x), skip], w1) + b1)          CU + CS -> 2*CH; a = h[:CH], b = h[CH:]
//   m1 = SiLU(conv3x3(b, w_m1, pad 1) + b_m1)              CH -> CH
//   m2 = SiLU(conv3x3(m1, w_m2, pad 1) + b_m2)             CH -> CH
//   y  = SiLU(conv1x1(cat[a, b, m2], w2) + b2)             3*CH -> C2
// Neither concat is materialized: cv1 reads the upsampled x (x(col / 2, row / 2)) in its
// first update and skip in its second; cv2 reads a, b and m2 directly.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_m1(kx, ky, ci, co) is w_m1[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, CU, H, W]
    Halide::ImageParam skip{Halide::Float(32), 4, "skip"};  // [1, CS, 2H, 2W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};      // [2*CH, CU + CS, 1, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [2*CH]
    Halide::ImageParam w_m1{Halide::Float(32), 4, "w_m1"};  // [CH, CH, 3, 3]
    Halide::ImageParam b_m1{Halide::Float(32), 1, "b_m1"};  // [CH]
    Halide::ImageParam w_m2{Halide::Float(32), 4, "w_m2"};  // [CH, CH, 3, 3]
    Halide::ImageParam b_m2{Halide::Float(32), 1, "b_m2"};  // [CH]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};      // [C2, 3*CH, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [C2]
    // col, row: the output map (2W x 2H); c: the channel; n: the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom ru;   // the CU channels of the upsampled x (cv1, update 0)
    Halide::RDom rs;   // the CS channels of skip (cv1, update 1)
    Halide::RDom r3;   // a 3x3 conv: r3.x, r3.y over the taps, r3.z over the CH input channels
    Halide::RDom rh;   // the CH channels of each concatenated part (cv2)
    Halide::Func conv1{"conv1"};        // conv1x1(cat[up(x), skip], w1)
    Halide::Func h{"h"};                // SiLU(conv1 + b1): a = channels [0, CH), b = [CH, 2CH)
    Halide::Func b_padded{"b_padded"};  // b (channel k = h channel CH + k), zero outside the map
    Halide::Func conv_m1{"conv_m1"};    // conv3x3(b_padded, w_m1)
    Halide::Func m1{"m1"};              // SiLU(conv_m1 + b_m1)
    Halide::Func m1_padded{"m1_padded"};
    Halide::Func conv_m2{"conv_m2"};    // conv3x3(m1_padded, w_m2)
    Halide::Func m2{"m2"};              // SiLU(conv_m2 + b_m2)
    Halide::Func conv2{"conv2"};        // conv1x1(cat[a, b, m2], w2)
    Halide::Func y{"y"};                // SiLU(conv2 + b2): the output

    Algorithm() {
        using namespace Halide;
        Expr W2 = skip.dim(0).extent(), H2 = skip.dim(1).extent(), CU = x.dim(2).extent();
        Expr CH = w_m1.dim(3).extent();
        ru = RDom(0, CU, "ru");
        rs = RDom(0, skip.dim(2).extent(), "rs");
        r3 = RDom(0, 3, 0, 3, 0, CH, "r3");
        rh = RDom(0, CH, "rh");

        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(0, 0, ru, c) * x(col / 2, row / 2, ru, n);
        conv1(col, row, c, n) += w1(0, 0, rs + CU, c) * skip(col, row, rs, n);
        h(col, row, c, n) = silu(conv1(col, row, c, n) + b1(c));

        Func b("b");
        b(col, row, c, n) = h(col, row, c + CH, n);
        b_padded(col, row, c, n) = BoundaryConditions::constant_exterior(b, 0.0f, {{0, W2}, {0, H2}})(col, row, c, n);
        conv_m1(col, row, c, n) = 0.0f;
        conv_m1(col, row, c, n) += w_m1(r3.x, r3.y, r3.z, c) * b_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        m1(col, row, c, n) = silu(conv_m1(col, row, c, n) + b_m1(c));

        m1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(m1, 0.0f, {{0, W2}, {0, H2}})(col, row, c, n);
        conv_m2(col, row, c, n) = 0.0f;
        conv_m2(col, row, c, n) += w_m2(r3.x, r3.y, r3.z, c) * m1_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        m2(col, row, c, n) = silu(conv_m2(col, row, c, n) + b_m2(c));

        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(0, 0, rh, c) * h(col, row, rh, n) +
                                 w2(0, 0, rh + CH, c) * h(col, row, rh + CH, n) +
                                 w2(0, 0, rh + 2 * CH, c) * m2(col, row, rh, n);
        y(col, row, c, n) = silu(conv2(col, row, c, n) + b2(c));
    }

    ekb::Kernel kernel() { return {{x, skip, w1, b1, w_m1, b_m1, w_m2, b_m2, w2, b2}, {y}}; }
};

}  // namespace task
