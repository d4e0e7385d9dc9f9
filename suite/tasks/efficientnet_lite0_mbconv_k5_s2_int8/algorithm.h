// Halide reference algorithm for task `efficientnet_lite0_mbconv_k5_s2_int8`: the int8
// EfficientNet-Lite0 5x5 stride-2 MBConv as TFLite's integer kernels run it, with per-channel
// weight quantization and the fixed-point helpers of docs/task-format.md (int8 tasks):
//   acc1 = b_expand + sum_c (x - zp_x) * w_expand                              (int32, C -> E)
//   h1   = clamp(zp_h + RDivPOT(SRDHM(acc1, m_expand[e]), s_expand[e]), zp_h, 127)  (ReLU6)
//   acc2 = b_dw + sum_taps (h1_padded - zp_h) * w_dw           (5x5 stride 2, TF 'SAME' pad with zp_h)
//   h2   = clamp(zp_h + RDivPOT(SRDHM(acc2, m_dw[e]), s_dw[e]), zp_h, 127)          (ReLU6)
//   acc3 = b_project + sum_e (h2 - zp_h) * w_project                           (int32, E -> K)
//   y    = clamp(zp_y + RDivPOT(SRDHM(acc3, m_project[k]), s_project[k]), -128, 127)
// 'SAME' pads a dim of extent n by p = 2*(ceil(n/2)-1) + 5 - n in total, p/2 before (1 for an
// even n, 2 for an odd one); Ho x Wo = (H+1)/2 x (W+1)/2.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = 5;     // zero point of x
constexpr int32_t zp_h = -128;  // zero point of h1 and h2 (scale 6/255: ReLU6 is [zp_h, 127])
constexpr int32_t zp_y = 2;     // zero point of y
constexpr int kDw = 5;          // the depthwise kernel
constexpr int kStride = 2;      // the depthwise stride

// The 'SAME' padding before a dim of extent n.
inline Halide::Expr same_pad_before(const Halide::Expr &n) {
    return (((n + kStride - 1) / kStride - 1) * kStride + kDw - n) / 2;
}

// SaturatingRoundingDoublingHighMul in Int(64), written as an arithmetic shift (see
// docs/task-format.md: no sign-dependent select, no truncating division).
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
    Halide::ImageParam x{Halide::Int(8), 4, "x"};                   // [1, C, H, W]
    Halide::ImageParam w_expand{Halide::Int(8), 4, "w_expand"};     // [E, C, 1, 1]
    Halide::ImageParam b_expand{Halide::Int(32), 1, "b_expand"};    // [E]
    Halide::ImageParam m_expand{Halide::Int(32), 1, "m_expand"};    // [E] per-channel Q31 multipliers
    Halide::ImageParam s_expand{Halide::Int(32), 1, "s_expand"};    // [E] per-channel right shifts
    Halide::ImageParam w_dw{Halide::Int(8), 4, "w_dw"};             // [E, 1, 5, 5]
    Halide::ImageParam b_dw{Halide::Int(32), 1, "b_dw"};            // [E]
    Halide::ImageParam m_dw{Halide::Int(32), 1, "m_dw"};            // [E]
    Halide::ImageParam s_dw{Halide::Int(32), 1, "s_dw"};            // [E]
    Halide::ImageParam w_project{Halide::Int(8), 4, "w_project"};   // [K, E, 1, 1]
    Halide::ImageParam b_project{Halide::Int(32), 1, "b_project"};  // [K]
    Halide::ImageParam m_project{Halide::Int(32), 1, "m_project"};  // [K]
    Halide::ImageParam s_project{Halide::Int(32), 1, "s_project"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the expand conv
    Halide::RDom rk;  // the 5x5 depthwise taps
    Halide::RDom re;  // the E expanded channels reduced by the project conv
    Halide::Func expand{"expand"};        // acc1, int32, H x W
    Halide::Func h1{"h1"};                // acc1 requantized, ReLU6-clamped, int8
    Halide::Func h1_padded{"h1_padded"};  // h1, zp_h outside [0, W) x [0, H)
    Halide::Func dw{"dw"};                // acc2, int32, Ho x Wo
    Halide::Func h2{"h2"};                // acc2 requantized, ReLU6-clamped, int8
    Halide::Func project{"project"};      // acc3, int32
    Halide::Func y{"y"};                  // acc3 requantized, int8: the output [1, K, Ho, Wo]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr pad_x = same_pad_before(W), pad_y = same_pad_before(H);
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        re = RDom(0, w_project.dim(2).extent(), "re");

        expand(col, row, c, n) = b_expand(c);
        expand(col, row, c, n) += (cast<int32_t>(x(col, row, rc, n)) - zp_x) * cast<int32_t>(w_expand(0, 0, rc, c));
        h1(col, row, c, n) =
            cast<int8_t>(clamp(zp_h + rdivpot(srdhm(expand(col, row, c, n), m_expand(c)), s_expand(c)), zp_h, 127));
        h1_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(h1, cast<int8_t>(zp_h), {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = b_dw(c);
        dw(col, row, c, n) += (cast<int32_t>(h1_padded(kStride * col + rk.x - pad_x, kStride * row + rk.y - pad_y, c, n)) - zp_h) *
                              cast<int32_t>(w_dw(rk.x, rk.y, 0, c));
        h2(col, row, c, n) = cast<int8_t>(clamp(zp_h + rdivpot(srdhm(dw(col, row, c, n), m_dw(c)), s_dw(c)), zp_h, 127));

        project(col, row, c, n) = b_project(c);
        project(col, row, c, n) += (cast<int32_t>(h2(col, row, re, n)) - zp_h) * cast<int32_t>(w_project(0, 0, re, c));
        y(col, row, c, n) =
            cast<int8_t>(clamp(zp_y + rdivpot(srdhm(project(col, row, c, n), m_project(c)), s_project(c)), -128, 127));
    }

    ekb::Kernel kernel() {
        return {{x, w_expand, b_expand, m_expand, s_expand, w_dw, b_dw, m_dw, s_dw, w_project, b_project, m_project, s_project},
                {y}};
    }
};

}  // namespace task
