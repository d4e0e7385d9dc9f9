// IEEE 754 binary16 (float16, PyTorch's torch.half, Halide's Float(16)) to and from float,
// in software: the trusted side generates, poisons and compares float16 tensors on every
// CPU the runner is built for, with or without hardware conversions (x86 F16C, Arm fcvt).
//
// float16: 1 sign bit, 5 exponent bits (bias 15), 10 mantissa bits; largest finite value
// 65504, smallest normal 2^-14, smallest subnormal 2^-24, unit roundoff u = 2^-11.
#pragma once
#include <cstdint>

namespace ekb {

constexpr double k_float16_max = 65504.0;
constexpr double k_float16_unit_roundoff = 1.0 / 2048.0;  // 2^-11: half the spacing at 1

// `f` rounded to the nearest float16, ties to even (what F16C's vcvtps2ph with the default
// rounding mode, Arm's fcvt and torch's .half() do); beyond the largest finite value, +-inf;
// NaN stays a (quiet) NaN.
uint16_t float_to_half_bits(float f);

// The float16 with these bits, exactly (every float16 is a float).
float half_bits_to_float(uint16_t h);

// The largest float16 below `h` (for +0 and -0: the negative smallest subnormal; for NaN and
// -inf: `h` itself).
uint16_t half_bits_next_below(uint16_t h);

}  // namespace ekb
