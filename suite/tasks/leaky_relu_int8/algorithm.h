// Halide reference algorithm for task `leaky_relu_int8`: TFLite's int8 LEAKY_RELU (reference
// integer kernel), NHWC:
//   v      = input - zp_in                                                  (int32)
//   scaled = v >= 0 ? MBQM(v, M_identity, shift_identity) : MBQM(v, M_alpha, shift_alpha)
//   output = clamp(scaled + zp_out, -128, 127)                               (int8)
// with MBQM TFLite's MultiplyByQuantizedMultiplier (signed exponent: left shift if > 0) built
// from the fixed-point helpers of docs/task-format.md (int8 tasks).
// Halide dimension 0 is the last PyTorch dimension: input(c, x, y, n) is input[n, y, x, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs(). Input scale 0.1 (zero point
// 10), alpha 0.1, output scale 0.0513 (zero point -101): identity multiplier 0.1 / 0.0513 =
// 1.9493 = (2093063984 / 2^31) * 2^1, alpha multiplier 0.1 * 0.1 / 0.0513 = 0.19493 =
// (1674451188 / 2^31) * 2^-2, as TFLite's QuantizeMultiplier gives them.
constexpr int32_t zp_in = 10;
constexpr int32_t zp_out = -101;
constexpr int32_t M_identity = 2093063984;
constexpr int shift_identity = 1;    // a left shift
constexpr int32_t M_alpha = 1674451188;
constexpr int shift_alpha = -2;      // a right shift

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
    Halide::ImageParam input{Halide::Int(8), 4, "input"};  // [1, H, W, C]
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};           // output[n, y, x, c]
    Halide::Func centered{"centered"};  // input - zp_in, int32
    Halide::Func scaled{"scaled"};      // the identity or the alpha branch rescaled, int32
    Halide::Func output{"output"};      // scaled + zp_out saturated to int8: the output

    Algorithm() {
        using namespace Halide;
        centered(c, x, y, n) = cast<int32_t>(input(c, x, y, n)) - zp_in;
        Expr v = centered(c, x, y, n);
        scaled(c, x, y, n) = select(v >= 0, mbqm(v, M_identity, shift_identity), mbqm(v, M_alpha, shift_alpha));
        output(c, x, y, n) = cast<int8_t>(clamp(scaled(c, x, y, n) + zp_out, -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
