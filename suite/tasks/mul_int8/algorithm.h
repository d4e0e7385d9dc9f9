// Halide reference algorithm for task `mul_int8`: TFLite's int8 MUL (reference integer kernel)
// with a per-channel broadcast of b, NHWC:
//   prod   = (a - zp_a) * (b - zp_b)                                  (int32)
//   output = clamp(MBQM(prod, M, shift) + zp_out, -128, 127)           (int8)
// with MBQM TFLite's MultiplyByQuantizedMultiplier built from the fixed-point helpers of
// docs/task-format.md (int8 tasks).
// Halide dimension 0 is the last PyTorch dimension: a(c, x, y, n) is a[n, y, x, c] and
// b(c, 0, 0, n) is b[n, 0, 0, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs(). Scales: a 0.05 (zero point
// -10), b 1/256 (zero point -128: a hard-sigmoid gate in [0, 1)), output 0.047 (zero point
// -12); M * 2^shift = 0.05 / 256 / 0.047 = 0.0041556 = (1142278536 / 2^31) * 2^-7.
constexpr int32_t zp_a = -10;
constexpr int32_t zp_b = -128;
constexpr int32_t zp_out = -12;
constexpr int32_t M = 1142278536;
constexpr int shift = -7;

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
    Halide::ImageParam a{Halide::Int(8), 4, "a"};  // [1, H, W, C]
    Halide::ImageParam b{Halide::Int(8), 4, "b"};  // [1, 1, 1, C]: one gate per channel
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};   // output[n, y, x, c]
    Halide::Func prod{"prod"};      // (a - zp_a) * (b - zp_b), int32
    Halide::Func output{"output"};  // prod requantized to int8: the output

    Algorithm() {
        using namespace Halide;
        prod(c, x, y, n) = (cast<int32_t>(a(c, x, y, n)) - zp_a) * (cast<int32_t>(b(c, 0, 0, n)) - zp_b);
        output(c, x, y, n) = cast<int8_t>(clamp(mbqm(prod(c, x, y, n), M, shift) + zp_out, -128, 127));
    }

    ekb::Kernel kernel() { return {{a, b}, {output}}; }
};

}  // namespace task
