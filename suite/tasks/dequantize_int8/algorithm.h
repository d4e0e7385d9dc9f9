// Halide reference algorithm for task `dequantize_int8`: int8 per-tensor dequantization
// (TFLite DEQUANTIZE):
//   centered = q - zp                          (int32)
//   output   = float32(centered) * scale       (float32)
// Halide dimension 0 is the last PyTorch dimension: q(x, y, c, n) is q[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp = -7;      // zero point of q
constexpr float scale = 0.0473f;  // scale of q

struct Algorithm {
    Halide::ImageParam q{Halide::Int(8), 4, "q"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};    // output[n, c, y, x]
    Halide::Func centered{"centered"};  // q - zp, int32
    Halide::Func output{"output"};      // float32(centered) * scale: the output

    Algorithm() {
        using namespace Halide;
        centered(x, y, c, n) = cast<int32_t>(q(x, y, c, n)) - zp;
        output(x, y, c, n) = cast<float>(centered(x, y, c, n)) * scale;
    }

    ekb::Kernel kernel() { return {{q}, {output}}; }
};

}  // namespace task
