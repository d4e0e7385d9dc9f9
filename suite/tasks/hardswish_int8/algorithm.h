// Halide reference algorithm for task `hardswish_int8`: int8 hard-swish, x * relu6(x + 3) / 6,
// in the integer-only fixed-point scheme of TFLite's reference HARD_SWISH kernel (16-bit
// intermediates; all values below fit int16 and are held in Int(32)):
//   hires    = (input - zp_in) * 128                                    the input at scale s_in /
//   128
//   pre      = SRDHM16(hires, out_mult16)                               hires at the output scale,
//   before its shift
//   reluish  = SatShl16(hires, relu_exp - 1); reluish = SRDHM16(reluish, relu_mult16);
//              reluish = SatShl16(reluish, 1)                           (relu_exp = 3 > 0): relu6(x
//              + 3)/6 mapped
//   reluish  = (reluish + 32768) >> 1                                   to [-32768, 32767] and then
//   to [0, 32767]
//   out      = RDivPOT(SDHM16(reluish, pre), -out_exp) + zp_out, clamped to [-128, 127]
// SRDHM16(a, b) = round-half-away(a * b / 2^15) (the int16 SaturatingRoundingDoublingHighMul),
// SDHM16(a, b) = trunc(a * b / 2^15) (its non-rounding form), SatShl16 a left shift
// saturated to int16, RDivPOT as in docs/task-format.md (int8 tasks). Saturation of SRDHM16
// and SDHM16 (a = b = -32768) cannot occur: one factor is always a positive constant or
// non-negative.
// Halide dimension 0 is the last PyTorch dimension: input(c, x, y, n) is input[n, y, x, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs(). Input scale 14/255 (zero point
// -19), output scale 8.375/255 (zero point -117). Output multiplier (s_in / 128) / s_out =
// 0.01306 = (27388 / 2^15) * 2^-6, reluish multiplier (s_in / 128) / (3 / 2^15) = 4.685 =
// (19190 / 2^15) * 2^3: TFLite's QuantizeMultiplier rounded down to 16 bits.
constexpr int32_t zp_in = -19;
constexpr int32_t zp_out = -117;
constexpr int32_t out_mult16 = 27388;
constexpr int out_exp = -6;
constexpr int32_t relu_mult16 = 19190;
constexpr int relu_exp = 3;

// round-half-away-from-zero(a * b / 2^15) for int16 a, b: floor((ab + 2^14) / 2^15) equals
// TFLite's (ab + (ab >= 0 ? 2^14 : 1 - 2^14)) / 2^15 with C's truncating division.
static inline Halide::Expr srdhm16(const Halide::Expr &a, const Halide::Expr &b) {
    return (a * b + (1 << 14)) >> 15;
}

// trunc(a * b / 2^15) for int16 a, b, written as a sign and a magnitude (no rounding bias
// derived from the sign bit, see docs/task-format.md on NVPTX).
static inline Halide::Expr sdhm16(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = a * b;
    Expr mag = cast<int32_t>(abs(ab) >> 15);
    return select(ab < 0, -mag, mag);
}

// a * 2^s saturated to int16, s >= 0.
static inline Halide::Expr sat_shl16(const Halide::Expr &a, int s) {
    return Halide::clamp(a * (1 << s), -32768, 32767);
}

// RoundingDivideByPOT of an Int(32) value by 2^e, e >= 0 (round half away from zero).
static inline Halide::Expr rdivpot(const Halide::Expr &x, int e) {
    using namespace Halide;
    const int32_t mask = (int32_t(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 4, "input"};  // [1, H, W, C]
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};           // output[n, y, x, c]
    Halide::Func hires{"hires"};      // (input - zp_in) * 128
    Halide::Func pre{"pre"};          // hires at the output scale, before the output shift
    Halide::Func reluish{"reluish"};  // relu6(x + 3) / 6 in [0, 32767] (scale 2^-15)
    Halide::Func output{"output"};    // the output, int8

    Algorithm() {
        using namespace Halide;
        hires(c, x, y, n) = (cast<int32_t>(input(c, x, y, n)) - zp_in) * 128;
        Expr h = hires(c, x, y, n);
        pre(c, x, y, n) = srdhm16(h, out_mult16);
        Expr rl = sat_shl16(h, relu_exp - 1);  // relu_exp > 0
        rl = srdhm16(rl, relu_mult16);
        rl = sat_shl16(rl, 1);
        reluish(c, x, y, n) = (rl + 32768) >> 1;
        Expr o = rdivpot(sdhm16(reluish(c, x, y, n), pre(c, x, y, n)), -out_exp) + zp_out;
        output(c, x, y, n) = cast<int8_t>(clamp(o, -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
