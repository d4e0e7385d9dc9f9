// Halide reference algorithm for task `fc_int16x8`: TFLite's FULLY_CONNECTED in the 16x8
// quantization mode (int16 activations with zero point 0, int8 weights), reference integer
// kernel:
//   acc[b, n] = bias[n] + sum_k input[b, k] * weight[n, k]                        (int64)
//   output[b, n] = clamp((acc * M16 + 2^(t - 1)) >> t, -32768, 32767)             (int16)
// where M16 = (M0 + 2^15) >> 16 is the Q31 multiplier M0 reduced to 15 fractional bits and
// t = 15 - shift (shift = -11 here, so t = 26): TFLite's 64-bit MultiplyByQuantizedMultiplier,
// which rounds half up (an arithmetic shift of the biased product), unlike the 32-bit path.
// The accumulator needs 64 bits: int16 x int8 products summed over K = 1024 reach 2^32.
// Halide dimension 0 is the last PyTorch dimension: input(k, b) is input[b, k], weight(k, n)
// is weight[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// reference.py's get_init_inputs(): M0 = 1518500250 (0.7071 * 2^31) and shift -11, i.e. a
// real multiplier of 0.7071 * 2^-11 = 3.45e-4 (input scale x weight scale / output scale).
constexpr int32_t M0 = 1518500250;
constexpr int shift = -11;
constexpr int64_t M16 = M0 < 0x7FFF0000 ? (int64_t(M0) + (1 << 15)) >> 16 : 0x7FFF;  // 23170
constexpr int total_shift = 15 - shift;                                               // 26

struct Algorithm {
    Halide::ImageParam input{Halide::Int(16), 2, "input"};   // [B, K]
    Halide::ImageParam weight{Halide::Int(8), 2, "weight"};  // [N, K]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};     // [N]
    Halide::Var n{"n"}, b{"b"};  // output[b, n]
    Halide::RDom k;              // the input features
    Halide::Func dot{"dot"};        // sum_k input * weight, int64
    Halide::Func output{"output"};  // (dot + bias) rescaled to int16: the output

    Algorithm() {
        using namespace Halide;
        k = RDom(0, input.dim(0).extent(), "k");
        dot(n, b) = cast<int64_t>(0);
        dot(n, b) += cast<int64_t>(cast<int32_t>(input(k, b)) * cast<int32_t>(weight(k, n)));
        Expr acc = dot(n, b) + cast<int64_t>(bias(n));
        Expr scaled = (acc * Expr(M16) + Expr(int64_t(1) << (total_shift - 1))) >> total_shift;
        output(n, b) = cast<int16_t>(clamp(scaled, cast<int64_t>(-32768), cast<int64_t>(32767)));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
