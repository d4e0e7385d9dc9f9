// Halide reference algorithm for task `requantize_uint8_to_int8`: TFLite's QUANTIZE op between two
// quantized types (its Requantize kernel), uint8 -> int8:
//   output = clamp(MBQM(input - zp_in, M, shift) + zp_out, -128, 127)
// with MBQM TFLite's MultiplyByQuantizedMultiplier (signed exponent: a left shift if > 0)
// built from the fixed-point helpers of docs/task-format.md (int8 tasks). Here the input scale
// 1/255 (zero point 0) and the output scale 1/128 (zero point -1) give M = 128/255 = 0.50196 =
// 1077952576 / 2^31, shift 0. Halide dimension 0 is the last PyTorch dimension: input(l, r) is
// input[r, l].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = 0;
constexpr int32_t zp_out = -1;
constexpr int32_t M = 1077952576;
constexpr int shift = 0;

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
    Halide::ImageParam input{Halide::UInt(8), 2, "input"};  // [R, L]
    Halide::Var l{"l"}, r{"r"};                              // output[r, l]
    Halide::Func scaled{"scaled"};  // MBQM(input - zp_in) + zp_out, int32
    Halide::Func output{"output"};  // scaled saturated to int8: the output

    Algorithm() {
        using namespace Halide;
        scaled(l, r) = mbqm(cast<int32_t>(input(l, r)) - zp_in, M, shift) + zp_out;
        output(l, r) = cast<int8_t>(clamp(scaled(l, r), -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
