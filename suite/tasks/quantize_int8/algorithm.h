// Halide reference algorithm for task `quantize_int8`: float32 per-tensor quantization to
// int8 (TFLite QUANTIZE, torch.quantize_per_tensor semantics):
//   scaled  = input * inv_scale                          (float32, inv_scale = float32(1 / scale))
//   rounded = int32(round_half_even(scaled)) + zp        (int32)
//   output  = clamp(rounded, -128, 127)                  (int8)
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr float scale = 0.05f;  // scale of the output
constexpr int32_t zp = 3;       // zero point of the output
// The float32 reciprocal of the scale (exactly 20), as torch.quantize_per_tensor computes it:
// it multiplies by the reciprocal rather than dividing by the scale.
constexpr float inv_scale = 1.0f / scale;

// round_half_even(v) as an Int(32), from exact float32 steps only (floor, and the difference
// v - floor(v), which is exact): Halide's round() becomes OpenCL's round(), which rounds ties
// away from zero.
static inline Halide::Expr round_half_even(const Halide::Expr &v) {
    using namespace Halide;
    Expr whole = floor(v);
    Expr frac = v - whole;  // in [0, 1), exact
    Expr i = cast<int32_t>(whole);
    Expr up = frac > 0.5f || (frac == 0.5f && (i & 1) == 1);
    return i + select(up, 1, 0);
}

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func scaled{"scaled"};    // input * inv_scale, float32
    Halide::Func rounded{"rounded"};  // round_half_even(scaled) + zp, int32
    Halide::Func output{"output"};    // rounded saturated to int8: the output

    Algorithm() {
        using namespace Halide;
        scaled(x, y, c, n) = input(x, y, c, n) * inv_scale;
        rounded(x, y, c, n) = round_half_even(scaled(x, y, c, n)) + zp;
        output(x, y, c, n) = cast<int8_t>(clamp(rounded(x, y, c, n), -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
