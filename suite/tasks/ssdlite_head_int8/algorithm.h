// Halide reference algorithm for task `ssdlite_head_int8`: the int8 SSDLite box and class
// predictors on one feature map as TFLite's integer kernels run them, with the fixed-point
// helpers of docs/task-format.md (int8 tasks):
//   acc = b_dw + sum_taps (x_padded - zp_x) * w_dw                 3x3 depthwise, pad 1 with zp_x
//   h   = clamp(zp_h + RDivPOT(SRDHM(acc, M_dw), s_dw), zp_h, act_max)        (ReLU6)
//   box = clamp(zp_box + RDivPOT(SRDHM(b_box + sum_c (h - zp_h) * w_box, M_box), s_box), -128, 127)
//   cls = clamp(zp_cls + RDivPOT(SRDHM(b_cls + sum_c (h - zp_h) * w_cls, M_cls), s_cls), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = -128, zp_h = -128, act_max = 112;  // ReLU6 at scale 1/40
constexpr int32_t M_dw = 1675037245, s_dw = 8;
constexpr int32_t zp_box = 3, M_box = 1181116006, s_box = 11;
constexpr int32_t zp_cls = -20, M_cls = 1181116006, s_cls = 11;

// SaturatingRoundingDoublingHighMul of two Int(32) values, computed in Int(64) as an
// arithmetic shift of ab + 2^30 (equal to TFLite's nudge-and-truncate for every ab).
static inline Halide::Expr srdhm(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * cast<int64_t>(b);
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), q);
}

// RoundingDivideByPOT of an Int(32) value by 2^e (arithmetic shift, round half away from 0).
static inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

struct Algorithm {
    Halide::ImageParam x{Halide::Int(8), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam w_dw{Halide::Int(8), 4, "w_dw"};      // [C, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Int(32), 1, "b_dw"};     // [C]
    Halide::ImageParam w_box{Halide::Int(8), 4, "w_box"};    // [4A, C, 1, 1]
    Halide::ImageParam b_box{Halide::Int(32), 1, "b_box"};   // [4A]
    Halide::ImageParam w_cls{Halide::Int(8), 4, "w_cls"};    // [A*NC, C, 1, 1]
    Halide::ImageParam b_cls{Halide::Int(32), 1, "b_cls"};   // [A*NC]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;   // the 3x3 depthwise taps
    Halide::RDom rc;   // the C channels of the 1x1 predictors
    Halide::Func x_padded{"x_padded"};  // x, zp_x outside the map
    Halide::Func acc_dw{"acc_dw"};      // b_dw + depthwise taps, int32
    Halide::Func h{"h"};                // requantized, ReLU6-clamped, int8
    Halide::Func acc_box{"acc_box"};    // b_box + 1x1 sum, int32
    Halide::Func box{"box"};            // int8: output 0
    Halide::Func acc_cls{"acc_cls"};    // b_cls + 1x1 sum, int32
    Halide::Func cls{"cls"};            // int8: output 1

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = RDom(0, 3, 0, 3, "rk");
        rc = RDom(0, x.dim(2).extent(), "rc");

        x_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(x, cast<int8_t>(zp_x), {{0, W}, {0, H}})(col, row, c, n);
        acc_dw(col, row, c, n) = b_dw(c);
        acc_dw(col, row, c, n) += (cast<int32_t>(x_padded(col + rk.x - 1, row + rk.y - 1, c, n)) - zp_x) *
                                  cast<int32_t>(w_dw(rk.x, rk.y, 0, c));
        h(col, row, c, n) = cast<int8_t>(clamp(zp_h + rdivpot(srdhm(acc_dw(col, row, c, n), M_dw), s_dw), zp_h, act_max));

        acc_box(col, row, c, n) = b_box(c);
        acc_box(col, row, c, n) += (cast<int32_t>(h(col, row, rc, n)) - zp_h) * cast<int32_t>(w_box(0, 0, rc, c));
        box(col, row, c, n) = cast<int8_t>(clamp(zp_box + rdivpot(srdhm(acc_box(col, row, c, n), M_box), s_box), -128, 127));

        acc_cls(col, row, c, n) = b_cls(c);
        acc_cls(col, row, c, n) += (cast<int32_t>(h(col, row, rc, n)) - zp_h) * cast<int32_t>(w_cls(0, 0, rc, c));
        cls(col, row, c, n) = cast<int8_t>(clamp(zp_cls + rdivpot(srdhm(acc_cls(col, row, c, n), M_cls), s_cls), -128, 127));
    }

    ekb::Kernel kernel() { return {{x, w_dw, b_dw, w_box, b_box, w_cls, b_cls}, {box, cls}}; }
};

}  // namespace task
