// Halide reference algorithm for task `blazeface_double_block_int8`: the int8 double
// BlazeBlock (stride 1, with the residual) as TFLite's integer kernels run it, with the
// fixed-point helpers of docs/task-format.md (int8 tasks):
//   acc = b_dw1 + sum_taps (x_padded - zp_x) * w_dw1            5x5 depthwise, pad 2 with zp_x
//   d1  = clamp(zp_d1 + RDivPOT(SRDHM(acc, M_d1), s_d1), -128, 127)
//   acc = b_p1 + sum_c (d1 - zp_d1) * w_p1                       C -> M
//   p1  = clamp(zp_p1 + RDivPOT(SRDHM(acc, M_p1), s_p1), zp_p1, 127)        (ReLU)
//   acc = b_dw2 + sum_taps (p1_padded - zp_p1) * w_dw2           pad 2 with zp_p1
//   d2  = clamp(zp_d2 + RDivPOT(SRDHM(acc, M_d2), s_d2), -128, 127)
//   acc = b_p2 + sum_m (d2 - zp_d2) * w_p2                       M -> C
//   p2  = clamp(zp_p2 + RDivPOT(SRDHM(acc, M_p2), s_p2), -128, 127)
//   y   = TFLite ADD(x, p2) (as task add_int8), fused ReLU: clamp [zp_y, 127]
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

#include <climits>
#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = -128;             // x: a ReLU output
constexpr int32_t zp_d1 = 2, M_d1 = 1610612736, s_d1 = 10;
constexpr int32_t zp_p1 = -128, M_p1 = 1181116006, s_p1 = 8;   // ReLU: clamp at zp_p1
constexpr int32_t zp_d2 = -3, M_d2 = 1717986918, s_d2 = 9;
constexpr int32_t zp_p2 = 5, M_p2 = 1546188226, s_p2 = 8;
constexpr int32_t left_shift = 20;          // ADD: headroom for the rescaled inputs
constexpr int32_t M_a = 1073741824, s_a = 0;   // ADD: x
constexpr int32_t M_b = 1775192614, s_b = 1;   // ADD: p2
constexpr int32_t M_out = 1250935672, s_out = 19;
constexpr int32_t zp_y = -128;              // y: fused ReLU, clamp at zp_y

// SaturatingRoundingDoublingHighMul of an Int(32) value and a constant Q31 multiplier b,
// computed in Int(64) as an arithmetic shift of ab + 2^30 (equal to TFLite's
// nudge-and-truncate for every ab). The saturating case a == b == INT32_MIN can only occur
// when b itself is INT32_MIN, so it is decided here in C++ (none of this task's multipliers
// is): leaving a == INT32_MIN to Halide's simplifier makes it solve (x + 128) * 2^20 ==
// INT32_MIN, which overflows during constant folding.
static inline Halide::Expr srdhm(const Halide::Expr &a, int32_t b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * Expr(int64_t(b));
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return b == INT32_MIN ? select(a == b, Int(32).max(), q) : q;
}

// RoundingDivideByPOT of an Int(32) value by 2^e (arithmetic shift, round half away from 0).
static inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

static inline Halide::Expr requant(const Halide::Expr &acc, int32_t m, int32_t s, int32_t zp, int32_t lo, int32_t hi) {
    using namespace Halide;
    return cast<int8_t>(clamp(zp + rdivpot(srdhm(acc, m), s), lo, hi));
}

struct Algorithm {
    Halide::ImageParam x{Halide::Int(8), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam w_dw1{Halide::Int(8), 4, "w_dw1"};    // [C, 1, 5, 5]
    Halide::ImageParam b_dw1{Halide::Int(32), 1, "b_dw1"};   // [C]
    Halide::ImageParam w_p1{Halide::Int(8), 4, "w_p1"};      // [M, C, 1, 1]
    Halide::ImageParam b_p1{Halide::Int(32), 1, "b_p1"};     // [M]
    Halide::ImageParam w_dw2{Halide::Int(8), 4, "w_dw2"};    // [M, 1, 5, 5]
    Halide::ImageParam b_dw2{Halide::Int(32), 1, "b_dw2"};   // [M]
    Halide::ImageParam w_p2{Halide::Int(8), 4, "w_p2"};      // [C, M, 1, 1]
    Halide::ImageParam b_p2{Halide::Int(32), 1, "b_p2"};     // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;   // the 5x5 depthwise taps
    Halide::RDom rc;   // the C channels of the project conv
    Halide::RDom rm;   // the M channels of the expand conv
    Halide::Func x_padded{"x_padded"};    // x, zp_x outside the map
    Halide::Func acc_d1{"acc_d1"};        // b_dw1 + depthwise taps, int32
    Halide::Func d1{"d1"};                // int8
    Halide::Func acc_p1{"acc_p1"};        // b_p1 + 1x1 sum, int32
    Halide::Func p1{"p1"};                // int8, ReLU
    Halide::Func p1_padded{"p1_padded"};  // p1, zp_p1 outside the map
    Halide::Func acc_d2{"acc_d2"};
    Halide::Func d2{"d2"};
    Halide::Func acc_p2{"acc_p2"};
    Halide::Func p2{"p2"};                // int8, linear
    Halide::Func y{"y"};                  // ADD + ReLU: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = RDom(0, 5, 0, 5, "rk");
        rc = RDom(0, x.dim(2).extent(), "rc");
        rm = RDom(0, w_p1.dim(3).extent(), "rm");

        x_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(x, cast<int8_t>(zp_x), {{0, W}, {0, H}})(col, row, c, n);
        acc_d1(col, row, c, n) = b_dw1(c);
        acc_d1(col, row, c, n) += (cast<int32_t>(x_padded(col + rk.x - 2, row + rk.y - 2, c, n)) - zp_x) *
                                  cast<int32_t>(w_dw1(rk.x, rk.y, 0, c));
        d1(col, row, c, n) = requant(acc_d1(col, row, c, n), M_d1, s_d1, zp_d1, -128, 127);

        acc_p1(col, row, c, n) = b_p1(c);
        acc_p1(col, row, c, n) += (cast<int32_t>(d1(col, row, rc, n)) - zp_d1) * cast<int32_t>(w_p1(0, 0, rc, c));
        p1(col, row, c, n) = requant(acc_p1(col, row, c, n), M_p1, s_p1, zp_p1, zp_p1, 127);

        p1_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(p1, cast<int8_t>(zp_p1), {{0, W}, {0, H}})(col, row, c, n);
        acc_d2(col, row, c, n) = b_dw2(c);
        acc_d2(col, row, c, n) += (cast<int32_t>(p1_padded(col + rk.x - 2, row + rk.y - 2, c, n)) - zp_p1) *
                                  cast<int32_t>(w_dw2(rk.x, rk.y, 0, c));
        d2(col, row, c, n) = requant(acc_d2(col, row, c, n), M_d2, s_d2, zp_d2, -128, 127);

        acc_p2(col, row, c, n) = b_p2(c);
        acc_p2(col, row, c, n) += (cast<int32_t>(d2(col, row, rm, n)) - zp_d2) * cast<int32_t>(w_p2(0, 0, rm, c));
        p2(col, row, c, n) = requant(acc_p2(col, row, c, n), M_p2, s_p2, zp_p2, -128, 127);

        Expr sa = rdivpot(srdhm((cast<int32_t>(x(col, row, c, n)) - zp_x) << left_shift, M_a), s_a);
        Expr sb = rdivpot(srdhm((cast<int32_t>(p2(col, row, c, n)) - zp_p2) << left_shift, M_b), s_b);
        y(col, row, c, n) = cast<int8_t>(clamp(zp_y + rdivpot(srdhm(sa + sb, M_out), s_out), zp_y, 127));
    }

    ekb::Kernel kernel() { return {{x, w_dw1, b_dw1, w_p1, b_p1, w_dw2, b_dw2, w_p2, b_p2}, {y}}; }
};

}  // namespace task
