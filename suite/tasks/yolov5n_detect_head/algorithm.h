// Halide reference algorithm for task `yolov5n_detect_head`: the YOLOv5 Detect head's
// inference path over three levels (strides 8, 16, 32).
//   p_l(o, gx, gy)  = conv1x1(x_l, w_l) + b_l, o = a * NO + k (anchor a, field k, NO = NC + 5)
//   s = sigmoid(p_l);  field 0, 1: (2 s + gx or gy - 0.5) * stride_l;
//                      field 2, 3: (2 s)^2 * anchor_w / anchor_h [l][a] (pixels);  4..: s
//   y(k, r): row r = the level's offset + a * Hl * Wl + gy * Wl + gx (the concat over levels)
// The conv Funcs put the output channel first (o, gx, gy): the field k of a row is its
// fastest-varying index, as in y.
// Halide dimension 0 is the last PyTorch dimension: x3(col, row, c, n) is x3[n, c, row, col],
// y(k, r, n) is y[n, r, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

// The hyper-parameters: reference.py's Model defaults (yolov5n.yaml, COCO anchors).
constexpr float kStride[3] = {8.0f, 16.0f, 32.0f};
constexpr float kAnchor[3][3][2] = {{{10, 13}, {16, 30}, {33, 23}},
                                    {{30, 61}, {62, 45}, {59, 119}},
                                    {{116, 90}, {156, 198}, {373, 326}}};

struct Algorithm {
    Halide::ImageParam x3{Halide::Float(32), 4, "x3"};  // [1, C3, H, W]       stride 8
    Halide::ImageParam x4{Halide::Float(32), 4, "x4"};  // [1, C4, H2, W2]     stride 16
    Halide::ImageParam x5{Halide::Float(32), 4, "x5"};  // [1, C5, H4, W4]     stride 32
    Halide::ImageParam w3{Halide::Float(32), 4, "w3"};  // [3*NO, C3, 1, 1]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [3*NO]
    Halide::ImageParam w4{Halide::Float(32), 4, "w4"};  // [3*NO, C4, 1, 1]
    Halide::ImageParam b4{Halide::Float(32), 1, "b4"};  // [3*NO]
    Halide::ImageParam w5{Halide::Float(32), 4, "w5"};  // [3*NO, C5, 1, 1]
    Halide::ImageParam b5{Halide::Float(32), 1, "b5"};  // [3*NO]
    // o: a conv output channel; gx, gy: the grid cell; k: the field; r: the output row;
    // n: the batch (extent 1).
    Halide::Var o{"o"}, gx{"gx"}, gy{"gy"}, k{"k"}, r{"r"}, n{"n"};
    Halide::RDom rc[3];          // the input channels of each level's conv
    Halide::Func conv[3];        // conv1x1(x_l, w_l) (no bias), (o, gx, gy, n)
    Halide::Func decoded[3];     // the decoded fields of level l, (k, a, gx, gy, n)
    Halide::Func y{"y"};         // the concatenated rows: the output

    Algorithm() {
        using namespace Halide;
        ImageParam xs[3] = {x3, x4, x5}, ws[3] = {w3, w4, w5}, bs[3] = {b3, b4, b5};
        Expr NO = w3.dim(3).extent() / 3;
        Var a{"a"};
        Expr rows[3], offset[3];
        for (int l = 0; l < 3; l++) {
            std::string s = std::to_string(l + 3);
            rc[l] = RDom(0, xs[l].dim(2).extent(), "rc" + s);
            conv[l] = Func("conv" + s);
            conv[l](o, gx, gy, n) = 0.0f;
            conv[l](o, gx, gy, n) += ws[l](0, 0, rc[l], o) * xs[l](gx, gy, rc[l], n);

            Expr ch = a * NO + k;
            Expr sg = 1.0f / (1.0f + exp(-(conv[l](ch, gx, gy, n) + bs[l](ch))));
            Expr aw = select(a == 0, kAnchor[l][0][0], a == 1, kAnchor[l][1][0], kAnchor[l][2][0]);
            Expr ah = select(a == 0, kAnchor[l][0][1], a == 1, kAnchor[l][1][1], kAnchor[l][2][1]);
            Expr s2 = sg * 2.0f;
            decoded[l] = Func("decoded" + s);
            decoded[l](k, a, gx, gy, n) =
                select(k == 0, (s2 + (cast<float>(gx) - 0.5f)) * kStride[l],
                       k == 1, (s2 + (cast<float>(gy) - 0.5f)) * kStride[l],
                       k == 2, s2 * s2 * aw,
                       k == 3, s2 * s2 * ah, sg);
            rows[l] = 3 * xs[l].dim(0).extent() * xs[l].dim(1).extent();
        }
        offset[0] = 0;
        offset[1] = rows[0];
        offset[2] = rows[0] + rows[1];
        // Level-local (a, gx, gy) of row r, clamped so that every level's load is in bounds;
        // the select keeps the right one.
        Expr v[3];
        for (int l = 0; l < 3; l++) {
            Expr Wl = xs[l].dim(0).extent(), HWl = Wl * xs[l].dim(1).extent();
            Expr rl = clamp(r - offset[l], 0, rows[l] - 1);
            Expr pos = rl % HWl;
            v[l] = decoded[l](k, rl / HWl, pos % Wl, pos / Wl, n);
        }
        y(k, r, n) = select(r < offset[1], v[0], r < offset[2], v[1], v[2]);
    }

    ekb::Kernel kernel() { return {{x3, x4, x5, w3, b3, w4, b4, w5, b5}, {y}}; }
};

}  // namespace task
