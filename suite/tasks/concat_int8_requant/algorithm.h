// Halide reference algorithm for task `concat_int8_requant`: an int8 channel concatenation of two
// tensors with different quantization parameters, each rescaled to the output's, NHWC:
//   output[.., c]      = clamp(MBQM(a[.., c] - zp_a, M_a, shift_a) + zp_out, -128, 127)   for c <
//   C1
//   output[.., C1 + c] = clamp(MBQM(b[.., c] - zp_b, M_b, shift_b) + zp_out, -128, 127)   for c <
//   C2
// with MBQM TFLite's MultiplyByQuantizedMultiplier built from the fixed-point helpers of
// docs/task-format.md (int8 tasks).
// Halide dimension 0 is the last PyTorch dimension: a(c, x, y, n) is a[n, y, x, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs(). Scales: a 0.0412 (zero
// point -23), b 0.0337 (zero point -5), output 0.045 (zero point -20):
// M_a = 0.0412 / 0.045 = 0.91556 = 1966140584 / 2^31, M_b = 0.0337 / 0.045 = 0.74889 = 1608226643 /
// 2^31.
constexpr int32_t zp_a = -23, zp_b = -5, zp_out = -20;
constexpr int32_t M_a = 1966140584, M_b = 1608226643;
constexpr int shift_a = 0, shift_b = 0;

// SaturatingRoundingDoublingHighMul of two Int(32) values, computed in Int(64). TFLite
// writes it as (ab + (ab >= 0 ? 2^30 : 1 - 2^30)) / 2^31 with C's truncating division; that
// equals floor((ab + 2^30) / 2^31) for every ab, i.e. an arithmetic shift, which is how it is
// written here: no sign-dependent select, no truncating division (that form is miscompiled
// for CUDA by LLVM's NVPTX back end, see docs/task-format.md).
static inline Halide::Expr srdhm(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * cast<int64_t>(b);
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), q);
}

// RoundingDivideByPOT of an Int(32) value by 2^e, e >= 0 (arithmetic shift, round half away
// from zero).
static inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

// TFLite's MultiplyByQuantizedMultiplier with a signed exponent known at compile time: a left
// shift by max(shift, 0), SRDHM by the Q31 multiplier, a rounding right shift by max(-shift, 0).
// The multiplier is a constant in [2^30, 2^31), never INT32_MIN, so SRDHM's saturation case
// cannot occur and is left out (its test, x == INT32_MIN for an x like input + 23, also made
// Halide's simplifier overflow while folding INT32_MIN - 23).
static inline Halide::Expr mbqm(const Halide::Expr &x, int32_t multiplier, int shift) {
    using namespace Halide;
    const int left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
    Expr ab = cast<int64_t>(x << left) * Expr(int64_t(multiplier));
    Expr high = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return rdivpot(high, right);
}

struct Algorithm {
    Halide::ImageParam a{Halide::Int(8), 4, "a"};  // [1, H, W, C1]
    Halide::ImageParam b{Halide::Int(8), 4, "b"};  // [1, H, W, C2]
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};   // output[n, y, x, c]
    Halide::Func qa{"qa"};          // a rescaled to the output's parameters, int8
    Halide::Func qb{"qb"};          // b rescaled to the output's parameters, int8
    Halide::Func output{"output"};  // qa's channels, then qb's: the output

    Algorithm() {
        using namespace Halide;
        qa(c, x, y, n) = cast<int8_t>(clamp(mbqm(cast<int32_t>(a(c, x, y, n)) - zp_a, M_a, shift_a) + zp_out, -128, 127));
        qb(c, x, y, n) = cast<int8_t>(clamp(mbqm(cast<int32_t>(b(c, x, y, n)) - zp_b, M_b, shift_b) + zp_out, -128, 127));
        Expr C1 = a.dim(0).extent(), C2 = b.dim(0).extent();
        output(c, x, y, n) = select(c < C1, qa(clamp(c, 0, C1 - 1), x, y, n), qb(clamp(c - C1, 0, C2 - 1), x, y, n));
    }

    ekb::Kernel kernel() { return {{a, b}, {output}}; }
};

}  // namespace task
