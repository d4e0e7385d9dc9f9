// Halide reference algorithm for task `logistic_int8_lut`: TFLite's int8 LOGISTIC (sigmoid),
// which builds a 256-entry lookup table from the quantization parameters and then maps every
// element through it:
//   table[v + 128] = clamp(round(sigmoid(s_in * float(v - zp_in)) * 256) - 128, -128, 127)  for v
//   in [-128, 127]
//   output = table[input + 128]
// The output scale is 1/256 with zero point -128 (TFLite fixes them for int8 LOGISTIC). The
// table is computed in float32 as TFLite does: s_in * (v - zp_in) a float32 product,
// sigmoid = 1 / (1 + exp(-x)). With s_in = 0.045 and zp_in = 4 every entry's
// sigmoid(x) * 256 is at least 0.0057 away from a rounding tie, so float32 exp
// implementations that differ in the last bits (libm, OpenCL, CUDA) give the same table.
// Halide dimension 0 is the last PyTorch dimension: input(l, r) is input[r, l].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr float s_in = 0.045f;  // input scale
constexpr int32_t zp_in = 4;    // input zero point
constexpr float inv_s_out = 256.0f;  // 1 / output scale (1/256)
constexpr int32_t zp_out = -128;     // output zero point

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 2, "input"};  // [R, L]
    Halide::Var l{"l"}, r{"r"}, i{"i"};  // output[r, l]; i: a table index, input + 128
    Halide::Func table{"table"};    // the 256-entry int8 lookup table
    Halide::Func output{"output"};  // table[input + 128]: the output

    Algorithm() {
        using namespace Halide;
        Expr v = cast<float>(i - 128 - zp_in) * s_in;   // the dequantized input, float32
        Expr sig = 1.0f / (1.0f + exp(-v));
        // std::round (half away from zero) of a non-negative value; no entry is near a tie.
        Expr q = cast<int32_t>(floor(sig * inv_s_out + 0.5f)) + zp_out;
        table(i) = cast<int8_t>(clamp(q, -128, 127));
        output(l, r) = table(clamp(cast<int32_t>(input(l, r)) + 128, 0, 255));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
