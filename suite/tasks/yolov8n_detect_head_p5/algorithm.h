// Halide reference algorithm for task `yolov8n_detect_head_p5`: the YOLOv8 Detect head on
// its P5 level (stride 32), batch norm folded.
//   b1 = SiLU(conv3x3(x, wb1) + bb1), b2 = SiLU(conv3x3(b1, wb2) + bb2), box = conv1x1(b2, wb3) + bb3
//   c1 = SiLU(conv3x3(x, wc1) + bc1), c2 = SiLU(conv3x3(c1, wc2) + bc2), cls = conv1x1(c2, wc3) + bc3
//   per anchor a = row * W + col:  d_j = sum_k k * softmax_k(box[16 j + k])     (DFL)
//   x1y1 = (col + 0.5, row + 0.5) - d[0:2], x2y2 = (col + 0.5, row + 0.5) + d[2:4]
//   y(a, 0..3) = ((x1y1 + x2y2) / 2, x2y2 - x1y1) * 32;  y(a, 4 + k) = sigmoid(cls[k])
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// y(a, ch, n) is y[n, ch, a].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kStride = 32.0f;  // P5; reference.py's get_init_inputs()
constexpr int kBins = 16;         // reg_max

inline Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};      // [1, C, H, W]
    Halide::ImageParam wb1{Halide::Float(32), 4, "wb1"};  // [CB, C, 3, 3]
    Halide::ImageParam bb1{Halide::Float(32), 1, "bb1"};  // [CB]
    Halide::ImageParam wb2{Halide::Float(32), 4, "wb2"};  // [CB, CB, 3, 3]
    Halide::ImageParam bb2{Halide::Float(32), 1, "bb2"};  // [CB]
    Halide::ImageParam wb3{Halide::Float(32), 4, "wb3"};  // [64, CB, 1, 1]
    Halide::ImageParam bb3{Halide::Float(32), 1, "bb3"};  // [64]
    Halide::ImageParam wc1{Halide::Float(32), 4, "wc1"};  // [CC, C, 3, 3]
    Halide::ImageParam bc1{Halide::Float(32), 1, "bc1"};  // [CC]
    Halide::ImageParam wc2{Halide::Float(32), 4, "wc2"};  // [CC, CC, 3, 3]
    Halide::ImageParam bc2{Halide::Float(32), 1, "bc2"};  // [CC]
    Halide::ImageParam wc3{Halide::Float(32), 4, "wc3"};  // [NC, CC, 1, 1]
    Halide::ImageParam bc3{Halide::Float(32), 1, "bc3"};  // [NC]
    // col, row, c: a map position and channel; a: the anchor (row * W + col); j: the box
    // side; ch: the output channel; n: the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"}, a{"a"}, j{"j"}, ch{"ch"};
    Halide::RDom rx;   // a 3x3 conv over x: rx.x, rx.y taps, rx.z over the C channels
    Halide::RDom rb;   // the box branch's second 3x3 conv: taps and the CB channels
    Halide::RDom rcc;  // the class branch's second 3x3 conv: taps and the CC channels
    Halide::RDom rb1;  // the CB channels of the box 1x1
    Halide::RDom rc1;  // the CC channels of the class 1x1
    Halide::RDom rk;   // the 16 bins
    Halide::Func x_padded{"x_padded"};
    Halide::Func conv_b1{"conv_b1"}, b1{"b1"}, b1_padded{"b1_padded"};
    Halide::Func conv_b2{"conv_b2"}, b2{"b2"};
    Halide::Func conv_box{"conv_box"}, box{"box"};
    Halide::Func conv_c1{"conv_c1"}, c1{"c1"}, c1_padded{"c1_padded"};
    Halide::Func conv_c2{"conv_c2"}, c2{"c2"};
    Halide::Func conv_cls{"conv_cls"}, cls{"cls"};
    Halide::Func bin_max{"bin_max"};  // max over the 16 bins of side j, (a, j, n)
    Halide::Func bin_den{"bin_den"};  // sum_k exp(logit - max)
    Halide::Func bin_num{"bin_num"};  // sum_k k * exp(logit - max)
    Halide::Func dist{"dist"};        // bin_num / bin_den: the DFL expectation
    Halide::Func y{"y"};              // the output (a, ch, n)

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr CB = wb1.dim(3).extent(), CC = wc1.dim(3).extent();
        rx = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "rx");
        rb = RDom(0, 3, 0, 3, 0, CB, "rb");
        rcc = RDom(0, 3, 0, 3, 0, CC, "rcc");
        rb1 = RDom(0, CB, "rb1");
        rc1 = RDom(0, CC, "rc1");
        rk = RDom(0, kBins, "rk");

        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        conv_b1(col, row, c, n) = 0.0f;
        conv_b1(col, row, c, n) += wb1(rx.x, rx.y, rx.z, c) * x_padded(col + rx.x - 1, row + rx.y - 1, rx.z, n);
        b1(col, row, c, n) = silu(conv_b1(col, row, c, n) + bb1(c));
        b1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(b1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv_b2(col, row, c, n) = 0.0f;
        conv_b2(col, row, c, n) += wb2(rb.x, rb.y, rb.z, c) * b1_padded(col + rb.x - 1, row + rb.y - 1, rb.z, n);
        b2(col, row, c, n) = silu(conv_b2(col, row, c, n) + bb2(c));
        conv_box(col, row, c, n) = 0.0f;
        conv_box(col, row, c, n) += wb3(0, 0, rb1, c) * b2(col, row, rb1, n);
        box(col, row, c, n) = conv_box(col, row, c, n) + bb3(c);

        conv_c1(col, row, c, n) = 0.0f;
        conv_c1(col, row, c, n) += wc1(rx.x, rx.y, rx.z, c) * x_padded(col + rx.x - 1, row + rx.y - 1, rx.z, n);
        c1(col, row, c, n) = silu(conv_c1(col, row, c, n) + bc1(c));
        c1_padded(col, row, c, n) = BoundaryConditions::constant_exterior(c1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv_c2(col, row, c, n) = 0.0f;
        conv_c2(col, row, c, n) += wc2(rcc.x, rcc.y, rcc.z, c) * c1_padded(col + rcc.x - 1, row + rcc.y - 1, rcc.z, n);
        c2(col, row, c, n) = silu(conv_c2(col, row, c, n) + bc2(c));
        conv_cls(col, row, c, n) = 0.0f;
        conv_cls(col, row, c, n) += wc3(0, 0, rc1, c) * c2(col, row, rc1, n);
        cls(col, row, c, n) = conv_cls(col, row, c, n) + bc3(c);

        Expr ac = a % W, ar = a / W;
        bin_max(a, j, n) = Float(32).min();
        bin_max(a, j, n) = max(bin_max(a, j, n), box(ac, ar, kBins * j + rk, n));
        Expr e = exp(box(ac, ar, kBins * j + rk, n) - bin_max(a, j, n));
        bin_den(a, j, n) = 0.0f;
        bin_den(a, j, n) += e;
        bin_num(a, j, n) = 0.0f;
        bin_num(a, j, n) += cast<float>(rk) * e;
        dist(a, j, n) = bin_num(a, j, n) / bin_den(a, j, n);

        Expr axp = cast<float>(ac) + 0.5f, ayp = cast<float>(ar) + 0.5f;
        Expr x1 = axp - dist(a, 0, n), y1 = ayp - dist(a, 1, n);
        Expr x2 = axp + dist(a, 2, n), y2 = ayp + dist(a, 3, n);
        Expr bx = select(ch == 0, (x1 + x2) / 2.0f, ch == 1, (y1 + y2) / 2.0f, ch == 2, x2 - x1, y2 - y1) * kStride;
        Expr sg = 1.0f / (1.0f + exp(-cls(ac, ar, max(ch - 4, 0), n)));
        y(a, ch, n) = select(ch < 4, bx, sg);
    }

    ekb::Kernel kernel() { return {{x, wb1, bb1, wb2, bb2, wb3, bb3, wc1, bc1, wc2, bc2, wc3, bc3}, {y}}; }
};

}  // namespace task
