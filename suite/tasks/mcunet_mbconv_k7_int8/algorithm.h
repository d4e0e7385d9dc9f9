// Halide reference algorithm for task `mcunet_mbconv_k7_int8`: the int8 MCUNet 7x7 MBConv
// (stride 1, with the residual) as TFLite / TinyEngine integer kernels run it, with
// per-channel weight quantization (each output channel e has its own Q31 multiplier m[e]
// and right shift s[e]) and the fixed-point helpers of docs/task-format.md (int8 tasks):
//   acc1 = b_expand + sum_c (x - zp_x) * w_expand                       (int32, C -> E)
//   h1   = clamp(zp_h + RDivPOT(SRDHM(acc1, m_expand[e]), s_expand[e]), zp_h, act_max)  (ReLU6)
//   acc2 = b_dw + sum_taps (h1_padded - zp_h) * w_dw                     (7x7, pad 3 with zp_h)
//   h2   = clamp(zp_h + RDivPOT(SRDHM(acc2, m_dw[e]), s_dw[e]), zp_h, act_max)         (ReLU6)
//   acc3 = b_project + sum_e (h2 - zp_h) * w_project                     (int32, E -> C)
//   p    = clamp(zp_p + RDivPOT(SRDHM(acc3, m_project[c]), s_project[c]), -128, 127)  (linear)
//   y    = TFLite ADD(x, p), as task add_int8: both rescaled to a common scale
//          (RDivPOT(SRDHM((v - zp) << left_shift, M), s)), summed, requantized to y.
// h1 and h2 share the scale 1/40 and zero point zp_h = -128, so ReLU6 is the clamp
// [zp_h, zp_h + 6 * 40] = [-128, 112] in the quantized domain.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

constexpr int kDw = 7;  // the depthwise kernel (7x7), padding kDw / 2

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = 3;                 // zero point of x (and of the residual input)
constexpr int32_t zp_h = -128;              // zero point of h1 and h2 (scale 1/40)
constexpr int32_t act_max = 112;            // ReLU6's 6 in h1 / h2: zp_h + 6 * 40
constexpr int32_t zp_p = -4;                // zero point of the project conv's output p
constexpr int32_t left_shift = 20;          // ADD: headroom for the rescaled inputs
constexpr int32_t M_a = 1073741824;         // ADD: Q31 multiplier of x, 0.5 * 2^31
constexpr int32_t s_a = 0;                  // ADD: right shift of x
constexpr int32_t M_b = 1775192614;         // ADD: Q31 multiplier of p, ~0.8266 * 2^31
constexpr int32_t s_b = 1;                  // ADD: right shift of p
constexpr int32_t M_out = 1250935672;       // ADD: Q31 multiplier of the sum, ~0.5825 * 2^31
constexpr int32_t s_out = 19;               // ADD: right shift of the sum
constexpr int32_t zp_y = -3;                // zero point of the output y

// SaturatingRoundingDoublingHighMul of two Int(32) values, computed in Int(64). TFLite
// writes it as (ab + (ab >= 0 ? 2^30 : 1 - 2^30)) / 2^31 with C's truncating division; that
// equals floor((ab + 2^30) / 2^31) for every ab (for ab < 0 the numerator v = ab + 1 - 2^30
// is negative and trunc(v / 2^31) = floor((v + 2^31 - 1) / 2^31)), i.e. an arithmetic
// shift, which is how it is written here: no sign-dependent select, no truncating division.
// (The select-and-divide form is miscompiled for CUDA: LLVM's NVPTX back end turns its
// rounding bias select(v < 0, 2^31 - 1, 0) into `bfe.u64 v, 63, 31`, which yields 0 or 1.)
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
    Halide::ImageParam w_dw{Halide::Int(8), 4, "w_dw"};             // [E, 1, 7, 7]
    Halide::ImageParam b_dw{Halide::Int(32), 1, "b_dw"};            // [E]
    Halide::ImageParam m_dw{Halide::Int(32), 1, "m_dw"};            // [E]
    Halide::ImageParam s_dw{Halide::Int(32), 1, "s_dw"};            // [E]
    Halide::ImageParam w_project{Halide::Int(8), 4, "w_project"};   // [C, E, 1, 1]
    Halide::ImageParam b_project{Halide::Int(32), 1, "b_project"};  // [C]
    Halide::ImageParam m_project{Halide::Int(32), 1, "m_project"};  // [C]
    Halide::ImageParam s_project{Halide::Int(32), 1, "s_project"};  // [C]
    // col: W (dim 0), row: H (dim 1), c: the channel (E in the expanded stages, C outside),
    // n: the batch (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the input channels of the expand conv (C)
    Halide::RDom rk;  // the 7x7 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom re;  // the expanded channels reduced by the project conv (E)
    Halide::Func expand{"expand"};        // b_expand + sum_rc (x - zp_x) * w_expand, int32
    Halide::Func h1{"h1"};                // expand requantized, ReLU6-clamped, int8
    Halide::Func h1_padded{"h1_padded"};  // h1, zp_h outside [0, W) x [0, H) (the pad of 3)
    Halide::Func dw{"dw"};                // b_dw + sum_rk (h1_padded - zp_h) * w_dw, int32
    Halide::Func h2{"h2"};                // dw requantized, ReLU6-clamped, int8
    Halide::Func project{"project"};      // b_project + sum_re (h2 - zp_h) * w_project, int32
    Halide::Func p{"p"};                  // project requantized (linear), int8
    Halide::Func scaled_x{"scaled_x"};    // ADD: x rescaled to the common scale, int32
    Halide::Func scaled_p{"scaled_p"};    // ADD: p rescaled to the common scale, int32
    Halide::Func y{"y"};                  // ADD: the sum requantized, int8: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, kDw, 0, kDw, "rk");
        re = RDom(0, w_project.dim(2).extent(), "re");

        expand(col, row, c, n) = b_expand(c);
        expand(col, row, c, n) += (cast<int32_t>(x(col, row, rc, n)) - zp_x) * cast<int32_t>(w_expand(0, 0, rc, c));
        h1(col, row, c, n) = cast<int8_t>(clamp(zp_h + rdivpot(srdhm(expand(col, row, c, n), m_expand(c)), s_expand(c)), zp_h, act_max));

        h1_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(h1, cast<int8_t>(zp_h), {{0, W}, {0, H}})(col, row, c, n);
        dw(col, row, c, n) = b_dw(c);
        dw(col, row, c, n) += (cast<int32_t>(h1_padded(col + rk.x - kDw / 2, row + rk.y - kDw / 2, c, n)) - zp_h) *
                              cast<int32_t>(w_dw(rk.x, rk.y, 0, c));
        h2(col, row, c, n) = cast<int8_t>(clamp(zp_h + rdivpot(srdhm(dw(col, row, c, n), m_dw(c)), s_dw(c)), zp_h, act_max));

        project(col, row, c, n) = b_project(c);
        project(col, row, c, n) += (cast<int32_t>(h2(col, row, re, n)) - zp_h) * cast<int32_t>(w_project(0, 0, re, c));
        p(col, row, c, n) = cast<int8_t>(clamp(zp_p + rdivpot(srdhm(project(col, row, c, n), m_project(c)), s_project(c)), -128, 127));

        scaled_x(col, row, c, n) = rdivpot(srdhm((cast<int32_t>(x(col, row, c, n)) - zp_x) << left_shift, M_a), s_a);
        scaled_p(col, row, c, n) = rdivpot(srdhm((cast<int32_t>(p(col, row, c, n)) - zp_p) << left_shift, M_b), s_b);
        y(col, row, c, n) = cast<int8_t>(
            clamp(zp_y + rdivpot(srdhm(scaled_x(col, row, c, n) + scaled_p(col, row, c, n), M_out), s_out), -128, 127));
    }

    ekb::Kernel kernel() { return {{x, w_expand, b_expand, m_expand, s_expand, w_dw, b_dw, m_dw, s_dw, w_project, b_project, m_project, s_project},
                {y}}; }
};

}  // namespace task
