// Halide reference algorithm for task `ssd_detection_head`: an SSD-lite detection head on one
// feature map (batch norm folded), A = 3 anchors per location.
//   h = ReLU6(depthwise3x3(f, w_dw, pad 1) + b_dw)
//   deltas[y, x, a, j] = conv1x1(h, w_box)[a*4 + j] + b_box[a*4 + j]       j: dx, dy, dw, dh
//   scores[y, x, a, k] = sigmoid(conv1x1(h, w_cls)[a*NC + k] + b_cls[a*NC + k])
//   boxes[y, x, a, :] = corners of the center-size decode of deltas against the anchor grid
// Halide dimension 0 is the last PyTorch dimension: f(col, row, c, n) is f[n, c, row, col],
// boxes(j, a, col, row, n) is boxes[n, row, col, a, j], scores(k, a, col, row, n) is
// scores[n, row, col, a, k], w_box(0, 0, c, o) is w_box[o, c, 0, 0].
#pragma once
#include <ekb/kernel.h>

#include <cmath>

namespace task {

// The head's hyper-parameters: reference.py's get_init_inputs().
constexpr int A = 3;                    // anchors per location, aspect ratios 1, 2, 1/2
constexpr double anchor_scale = 0.2;    // anchor size: scale * (sqrt(r), 1 / sqrt(r))
constexpr float center_variance = 0.1f;
constexpr float size_variance = 0.2f;

struct Algorithm {
    Halide::ImageParam f{Halide::Float(32), 4, "f"};          // [1, C, H, W]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};    // [C, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};    // [C]
    Halide::ImageParam w_box{Halide::Float(32), 4, "w_box"};  // [A*4, C, 1, 1]
    Halide::ImageParam b_box{Halide::Float(32), 1, "b_box"};  // [A*4]
    Halide::ImageParam w_cls{Halide::Float(32), 4, "w_cls"};  // [A*NC, C, 1, 1]
    Halide::ImageParam b_cls{Halide::Float(32), 1, "b_cls"};  // [A*NC]
    // col: W, row: H, c: a channel (C in the depthwise stages, the A*4 or A*NC output channels
    // of the 1x1 convs), n: the batch; in the per-anchor stages j is the box coordinate (4),
    // k the class (NC) and a the anchor (A).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"}, j{"j"}, k{"k"}, a{"a"};
    Halide::RDom rk;  // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rc;  // the feature channels reduced by the 1x1 convs (C)
    Halide::Func padded{"padded"};      // f, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw{"dw"};              // depthwise3x3(padded, w_dw): the reduction over rk
    Halide::Func h{"h"};                // ReLU6(dw + b_dw)
    Halide::Func box_conv{"box_conv"};  // conv1x1(h, w_box): the reduction over rc, A*4 channels
    Halide::Func cls_conv{"cls_conv"};  // conv1x1(h, w_cls): the reduction over rc, A*NC channels
    Halide::Func deltas{"deltas"};      // box_conv + b_box per (j, a, col, row)
    Halide::Func anchor{"anchor"};      // the anchor grid: (cx, cy, w, h) per (j, a, col, row)
    Halide::Func boxes{"boxes"};        // the decoded corners: output 1
    Halide::Func logits{"logits"};      // cls_conv + b_cls per (k, a, col, row)
    Halide::Func scores{"scores"};      // sigmoid(logits): output 2

    Algorithm() {
        using namespace Halide;
        Expr W = f.dim(0).extent(), H = f.dim(1).extent();
        Expr NC = w_cls.dim(3).extent() / A;
        rk = RDom(0, 3, 0, 3, "rk");
        rc = RDom(0, f.dim(2).extent(), "rc");

        // Zero padding over the spatial dimensions only.
        padded(col, row, c, n) = BoundaryConditions::constant_exterior(f, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * padded(col + rk.x - 1, row + rk.y - 1, c, n);
        h(col, row, c, n) = clamp(dw(col, row, c, n) + b_dw(c), 0.0f, 6.0f);

        box_conv(col, row, c, n) = 0.0f;
        box_conv(col, row, c, n) += w_box(0, 0, rc, c) * h(col, row, rc, n);
        cls_conv(col, row, c, n) = 0.0f;
        cls_conv(col, row, c, n) += w_cls(0, 0, rc, c) * h(col, row, rc, n);

        deltas(j, a, col, row, n) = box_conv(col, row, a * 4 + j, n) + b_box(a * 4 + j);
        // Anchor sizes for the aspect ratios 1, 2, 1/2 (rounded to float like the reference).
        const float s = float(anchor_scale), s_w2 = float(anchor_scale * std::sqrt(2.0)),
                    s_h2 = float(anchor_scale / std::sqrt(2.0));
        Expr aw = select(a == 0, s, a == 1, s_w2, s_h2);
        Expr ah = select(a == 0, s, a == 1, s_h2, s_w2);
        anchor(j, a, col, row) = select(j == 0, (cast<float>(col) + 0.5f) / cast<float>(W),
                                        j == 1, (cast<float>(row) + 0.5f) / cast<float>(H),
                                        j == 2, aw, ah);
        Expr cx = anchor(0, a, col, row) + deltas(0, a, col, row, n) * center_variance * anchor(2, a, col, row);
        Expr cy = anchor(1, a, col, row) + deltas(1, a, col, row, n) * center_variance * anchor(3, a, col, row);
        Expr bw = anchor(2, a, col, row) * exp(deltas(2, a, col, row, n) * size_variance);
        Expr bh = anchor(3, a, col, row) * exp(deltas(3, a, col, row, n) * size_variance);
        boxes(j, a, col, row, n) = select(j == 0, cx - 0.5f * bw, j == 1, cy - 0.5f * bh,
                                          j == 2, cx + 0.5f * bw, cy + 0.5f * bh);

        logits(k, a, col, row, n) = cls_conv(col, row, a * NC + k, n) + b_cls(a * NC + k);
        scores(k, a, col, row, n) = 1.0f / (1.0f + exp(-logits(k, a, col, row, n)));
    }

    ekb::Kernel kernel() { return {{f, w_dw, b_dw, w_box, b_box, w_cls, b_cls}, {boxes, scores}}; }
};

}  // namespace task
