// Halide reference algorithm for task `add_int8`: TFLite's quantized int8 elementwise ADD
// (the residual add of an int8 MobileNetV2 block), following TFLite's reference integer ADD
// with the fixed-point helpers of docs/task-format.md (int8 tasks):
//   scaled_a = RDivPOT(SRDHM((a - zp_a) << left_shift, M_a), shift_a)          (int32)
//   scaled_b = RDivPOT(SRDHM((b - zp_b) << left_shift, M_b), shift_b)          (int32)
//   output   = clamp(RDivPOT(SRDHM(scaled_a + scaled_b, M_out), shift_out) + zp_out, -128, 127)
// Halide dimension 0 is the last PyTorch dimension: a(x, y, c, n) is a[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs(). They come from the scales
// s_a = 0.0473, s_b = 0.0391, s_out = 0.0812 the way TFLite prepares ADD: both inputs are
// rescaled to 2 * max(s_a, s_b) (M_a, M_b: ~0.5 and ~0.413) and the sum to s_out
// (M_out: ~1.111e-6 = 0.5825 * 2^-19), each as a Q31 multiplier and a right shift.
constexpr int32_t zp_a = 6;              // zero point of a
constexpr int32_t zp_b = -9;             // zero point of b
constexpr int32_t zp_out = -3;           // zero point of the output
constexpr int32_t left_shift = 20;       // headroom for the rescaled inputs
constexpr int32_t M_a = 1073741824;      // Q31 multiplier of a, 0.5 * 2^31
constexpr int32_t shift_a = 0;           // right shift of a
constexpr int32_t M_b = 1775192614;      // Q31 multiplier of b, ~0.8266 * 2^31
constexpr int32_t shift_b = 1;           // right shift of b
constexpr int32_t M_out = 1250935672;    // Q31 multiplier of the sum, ~0.5825 * 2^31
constexpr int32_t shift_out = 19;        // right shift of the sum

// SaturatingRoundingDoublingHighMul of Int(32) values: the high half of 2*a*b, rounded half
// away from zero, saturated for INT32_MIN * INT32_MIN. TFLite writes it as
// (ab + (ab >= 0 ? 2^30 : 1 - 2^30)) / 2^31 with C's truncating division; that equals
// floor((ab + 2^30) / 2^31) for every ab (for ab < 0 the numerator v = ab + 1 - 2^30 is
// negative and trunc(v / 2^31) = floor((v + 2^31 - 1) / 2^31)), i.e. an arithmetic shift,
// which is how it is written here: no sign-dependent select, no truncating division. (The
// select-and-divide form is miscompiled for CUDA: LLVM's NVPTX back end turns its rounding
// bias select(v < 0, 2^31 - 1, 0) into `bfe.u64 v, 63, 31`, which yields 0 or 1, so SRDHM
// was 1 too low for most negative products on the GPU and outputs were off by 1.)
static inline Halide::Expr sat_round_doubling_high_mul(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr prod = cast<int64_t>(a) * cast<int64_t>(b);
    Expr high = cast<int32_t>((prod + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), high);
}

// RoundingDivideByPOT of an Int(32) value by 2^e, e >= 0 (rounds half away from zero).
static inline Halide::Expr rounding_divide_by_pot(const Halide::Expr &v, int32_t e) {
    using namespace Halide;
    const int32_t mask = (int32_t(1) << e) - 1;
    Expr remainder = v & mask;
    Expr threshold = (mask >> 1) + select(v < 0, 1, 0);
    return (v >> e) + select(remainder > threshold, 1, 0);
}

struct Algorithm {
    Halide::ImageParam a{Halide::Int(8), 4, "a"};  // [1, C, H, W]
    Halide::ImageParam b{Halide::Int(8), 4, "b"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};    // output[n, c, y, x]
    Halide::Func scaled_a{"scaled_a"};  // a rescaled to the common input scale, int32
    Halide::Func scaled_b{"scaled_b"};  // b rescaled to the common input scale, int32
    Halide::Func sum{"sum"};            // scaled_a + scaled_b, int32
    Halide::Func output{"output"};      // sum requantized to the output scale, int8: the output

    Algorithm() {
        using namespace Halide;
        scaled_a(x, y, c, n) = rounding_divide_by_pot(
            sat_round_doubling_high_mul((cast<int32_t>(a(x, y, c, n)) - zp_a) << left_shift, M_a), shift_a);
        scaled_b(x, y, c, n) = rounding_divide_by_pot(
            sat_round_doubling_high_mul((cast<int32_t>(b(x, y, c, n)) - zp_b) << left_shift, M_b), shift_b);
        sum(x, y, c, n) = scaled_a(x, y, c, n) + scaled_b(x, y, c, n);
        output(x, y, c, n) = cast<int8_t>(
            clamp(rounding_divide_by_pot(sat_round_doubling_high_mul(sum(x, y, c, n), M_out), shift_out) + zp_out,
                  -128, 127));
    }

    ekb::Kernel kernel() { return {{a, b}, {output}}; }
};

}  // namespace task
