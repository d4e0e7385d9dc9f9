// Halide reference algorithm for task `ghostnet_ghost_module_int8`: the GhostNet Ghost module
// as TFLite's integer kernels run it, with per-channel weight quantization and the
// fixed-point helpers of docs/task-format.md (int8 tasks):
//   acc1 = b_p[m] + sum_c (x - zp_x) * w_p[m, c]                              (int32)
//   p    = clamp(zp_p + RDivPOT(SRDHM(acc1, M_p[m]), s_p[m]), zp_p, 127)      (ReLU)
//   acc2 = b_c[m] + sum_taps (p_padded - zp_p) * w_c[m, taps]                 (pad 1 with zp_p)
//   g    = clamp(zp_p + RDivPOT(SRDHM(acc2, M_c[m]), s_c[m]), zp_p, 127)      (ReLU)
//   y    = cat[p, g] along the channels (p and g share one quantization)
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

constexpr int32_t zp_x = 3;     // zero point of x: reference.py's get_init_inputs()
constexpr int32_t zp_p = -128;  // zero point of p, g and y (ReLU's 0)

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
    Halide::ImageParam x{Halide::Int(8), 4, "x"};      // [1, C, H, W]
    Halide::ImageParam w_p{Halide::Int(8), 4, "w_p"};  // [M, C, 1, 1]
    Halide::ImageParam b_p{Halide::Int(32), 1, "b_p"};  // [M]
    Halide::ImageParam m_p{Halide::Int(32), 1, "m_p"};  // [M] per-channel Q31 multipliers
    Halide::ImageParam s_p{Halide::Int(32), 1, "s_p"};  // [M] per-channel right shifts
    Halide::ImageParam w_c{Halide::Int(8), 4, "w_c"};  // [M, 1, 3, 3]
    Halide::ImageParam b_c{Halide::Int(32), 1, "b_c"};  // [M]
    Halide::ImageParam m_c{Halide::Int(32), 1, "m_c"};  // [M]
    Halide::ImageParam s_c{Halide::Int(32), 1, "s_c"};  // [M]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the primary conv
    Halide::RDom rk;  // the 3x3 depthwise taps
    Halide::Func primary{"primary"};    // acc1, int32
    Halide::Func p{"p"};                // acc1 requantized, ReLU-clamped, int8
    Halide::Func p_padded{"p_padded"};  // p, zp_p outside [0, W) x [0, H) (the pad of 1)
    Halide::Func cheap{"cheap"};        // acc2, int32
    Halide::Func g{"g"};                // acc2 requantized, ReLU-clamped, int8
    Halide::Func y{"y"};                // cat[p, g]: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), M = w_p.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, 3, 0, 3, "rk");
        primary(col, row, c, n) = b_p(c);
        primary(col, row, c, n) += (cast<int32_t>(x(col, row, rc, n)) - zp_x) * cast<int32_t>(w_p(0, 0, rc, c));
        p(col, row, c, n) = cast<int8_t>(clamp(zp_p + rdivpot(srdhm(primary(col, row, c, n), m_p(c)), s_p(c)), zp_p, 127));
        p_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(p, cast<int8_t>(zp_p), {{0, W}, {0, H}})(col, row, c, n);
        cheap(col, row, c, n) = b_c(c);
        cheap(col, row, c, n) += (cast<int32_t>(p_padded(col + rk.x - 1, row + rk.y - 1, c, n)) - zp_p) *
                                 cast<int32_t>(w_c(rk.x, rk.y, 0, c));
        g(col, row, c, n) = cast<int8_t>(clamp(zp_p + rdivpot(srdhm(cheap(col, row, c, n), m_c(c)), s_c(c)), zp_p, 127));
        // Channel indices clamped so that each branch is only evaluated on its own M channels.
        y(col, row, c, n) = select(c < M, p(col, row, min(c, M - 1), n), g(col, row, max(c - M, 0), n));
    }

    ekb::Kernel kernel() { return {{x, w_p, b_p, m_p, s_p, w_c, b_c, m_c, s_c}, {y}}; }
};

}  // namespace task
