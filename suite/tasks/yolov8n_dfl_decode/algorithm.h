// Halide reference algorithm for task `yolov8n_dfl_decode`: the YOLOv8 Detect head's
// inference decode over three levels (strides 8, 16, 32).
//   logit(a, ch) = the concat of p3, p4, p5 over their flattened grids (anchor a)
//   d(a, j)     = sum_k k * softmax_k(logit(a, 16*j + k))        DFL, j = l, t, r, b
//   anchor(a)   = (col + 0.5, row + 0.5) of a's level; s(a) its stride
//   y(a, 0..3)  = ((x1+x2)/2, (y1+y2)/2, x2-x1, y2-y1) * s with x1y1 = anchor - d[0:2],
//                 x2y2 = anchor + d[2:4];  y(a, 4+k) = sigmoid(logit(a, 64+k))
// Halide dimension 0 is the last PyTorch dimension: p3(col, row, ch, n) is p3[n, ch, row, col],
// y(a, ch, n) is y[n, ch, a].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kBins = 16;  // reg_max

struct Algorithm {
    Halide::ImageParam p3{Halide::Float(32), 4, "p3"};  // [1, 64+NC, H, W]       stride 8
    Halide::ImageParam p4{Halide::Float(32), 4, "p4"};  // [1, 64+NC, H2, W2]     stride 16
    Halide::ImageParam p5{Halide::Float(32), 4, "p5"};  // [1, 64+NC, H4, W4]     stride 32
    // a: the anchor (dim 0 of y), ch: the channel, j: the box side, n: the batch (extent 1).
    Halide::Var a{"a"}, ch{"ch"}, j{"j"}, n{"n"};
    Halide::RDom rk;  // the 16 bins
    Halide::Func logit{"logit"};      // the concatenated head output [1, 64+NC, A]
    Halide::Func bin_max{"bin_max"};  // max over the 16 bins of side j
    Halide::Func bin_exp{"bin_exp"};  // exp(logit - bin_max), (a, k, j)
    Halide::Func bin_den{"bin_den"};  // sum_k bin_exp
    Halide::Func bin_num{"bin_num"};  // sum_k k * bin_exp
    Halide::Func dist{"dist"};        // bin_num / bin_den: the DFL expectation
    Halide::Func anchor_x{"anchor_x"}, anchor_y{"anchor_y"}, stride{"stride"};
    Halide::Func y{"y"};              // the output [1, 4+NC, A]

    Algorithm() {
        using namespace Halide;
        Expr W = p3.dim(0).extent(), H = p3.dim(1).extent();
        Expr W2 = p4.dim(0).extent(), H2 = p4.dim(1).extent();
        Expr W4 = p5.dim(0).extent(), H4 = p5.dim(1).extent();
        Expr A0 = W * H, A1 = A0 + W2 * H2;
        rk = RDom(0, kBins, "rk");

        // Level-local grid position of anchor a (clamped, so that every level's load is in
        // bounds; the select keeps the right one).
        Expr l1 = a - A0, l2 = a - A1;
        Expr c0 = clamp(a, 0, A0 - 1), c1 = clamp(l1, 0, W2 * H2 - 1), c2 = clamp(l2, 0, W4 * H4 - 1);
        logit(a, ch, n) = select(a < A0, p3(c0 % W, c0 / W, ch, n),
                                 a < A1, p4(c1 % W2, c1 / W2, ch, n),
                                 p5(c2 % W4, c2 / W4, ch, n));
        anchor_x(a) = select(a < A0, cast<float>(c0 % W), a < A1, cast<float>(c1 % W2),
                             cast<float>(c2 % W4)) + 0.5f;
        anchor_y(a) = select(a < A0, cast<float>(c0 / W), a < A1, cast<float>(c1 / W2),
                             cast<float>(c2 / W4)) + 0.5f;
        stride(a) = select(a < A0, 8.0f, a < A1, 16.0f, 32.0f);

        bin_max(a, j, n) = Float(32).min();
        bin_max(a, j, n) = max(bin_max(a, j, n), logit(a, kBins * j + rk, n));
        Var k{"k"};
        bin_exp(a, k, j, n) = exp(logit(a, kBins * j + k, n) - bin_max(a, j, n));
        bin_den(a, j, n) = 0.0f;
        bin_den(a, j, n) += bin_exp(a, rk, j, n);
        bin_num(a, j, n) = 0.0f;
        bin_num(a, j, n) += cast<float>(rk) * bin_exp(a, rk, j, n);
        dist(a, j, n) = bin_num(a, j, n) / bin_den(a, j, n);

        Expr x1 = anchor_x(a) - dist(a, 0, n), y1 = anchor_y(a) - dist(a, 1, n);
        Expr x2 = anchor_x(a) + dist(a, 2, n), y2 = anchor_y(a) + dist(a, 3, n);
        Expr s = stride(a);
        Expr box = select(ch == 0, (x1 + x2) * 0.5f, ch == 1, (y1 + y2) * 0.5f,
                          ch == 2, x2 - x1, y2 - y1) * s;
        Expr cls = 1.0f / (1.0f + exp(-logit(a, 4 * kBins + ch - 4, n)));
        y(a, ch, n) = select(ch < 4, box, cls);
    }

    ekb::Kernel kernel() { return {{p3, p4, p5}, {y}}; }
};

}  // namespace task
