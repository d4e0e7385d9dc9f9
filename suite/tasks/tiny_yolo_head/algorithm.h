// Halide reference algorithm for task `tiny_yolo_head`: a YOLOv3-style detection head on one
// feature map (stride 32, 3 anchors), the 1x1 prediction conv plus the box decode:
//   pred[a*(NC+5) + k, gy, gx] = bias + sum_ci weight * x[ci, gy, gx]
//   out[a, gy, gx, 0] = (sigmoid(pred_0) + gx) * stride      out[.., 1] = (sigmoid(pred_1) + gy) * stride
//   out[a, gy, gx, 2] = exp(pred_2) * anchors[a, 0]           out[.., 3] = exp(pred_3) * anchors[a, 1]
//   out[a, gy, gx, 4 + j] = sigmoid(pred_{4+j})               (objectness, then the NC classes)
// Halide dimension 0 is the last PyTorch dimension: x(gx, gy, ci, b) is x[b, ci, gy, gx],
// weight(0, 0, ci, ch) is weight[ch, ci, 0, 0], anchors(i, a) is anchors[a, i],
// out(k, gx, gy, a, b) is out[b, a, gy, gx, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int num_anchors = 3;  // = get_init_inputs() in reference.py
    static constexpr float stride = 32.0f;  // the feature map's stride in input pixels

    Halide::ImageParam x{Halide::Float(32), 4, "x"};              // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};    // [3*(NC+5), CI, 1, 1]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};        // [3*(NC+5)]
    Halide::ImageParam anchors{Halide::Float(32), 2, "anchors"};  // [3, 2] (w, h) in pixels
    // gx, gy: the grid cell (column, row); ch: the prediction channel; k: the field of a
    // prediction (x, y, w, h, objectness, classes); a: the anchor; b: the batch (extent 1).
    Halide::Var gx{"gx"}, gy{"gy"}, ch{"ch"}, k{"k"}, a{"a"}, b{"b"};
    Halide::RDom ci;                // the input channels of the 1x1 conv
    Halide::Func conv{"conv"};      // the 1x1 convolution: the reduction over ci
    Halide::Func pred{"pred"};      // conv + bias: the raw predictions
    Halide::Func sig{"sig"};        // sigmoid(pred) = 1 / (1 + exp(-pred))
    Halide::Func out{"out"};        // the decoded predictions: the output

    Algorithm() {
        using namespace Halide;
        Expr no = weight.dim(3).extent() / num_anchors;  // NC + 5 fields per anchor
        ci = RDom(0, x.dim(2).extent(), "ci");
        conv(gx, gy, ch, b) = 0.0f;
        conv(gx, gy, ch, b) += weight(0, 0, ci, ch) * x(gx, gy, ci, b);
        pred(gx, gy, ch, b) = conv(gx, gy, ch, b) + bias(ch);
        sig(gx, gy, ch, b) = 1.0f / (1.0f + exp(-pred(gx, gy, ch, b)));
        Expr c = a * no + k;
        Expr s = sig(gx, gy, c, b);
        Expr wh = exp(pred(gx, gy, c, b)) * anchors(clamp(k - 2, 0, 1), a);
        out(k, gx, gy, a, b) = select(k == 0, (s + cast<float>(gx)) * stride,
                                      k == 1, (s + cast<float>(gy)) * stride,
                                      k < 4, wh,
                                      s);
    }

    ekb::Kernel kernel() { return {{x, weight, bias, anchors}, {out}}; }
};

}  // namespace task
