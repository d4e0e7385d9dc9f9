// Halide reference algorithm for task `dynamic_quant_int8_per_token`: dynamic symmetric int8
// quantization of activations with one scale per token (row), as W8A8 inference does it
// before an int8 GEMM:
//   absmax[m] = max_k |x[m, k]|
//   scale[m]  = absmax / 127                      (float32; the dequantization scale)
//   inv[m]    = absmax > 0 ? 127 / absmax : 0     (float32)
//   q[m, k]   = clamp(round_half_even(x[m, k] * inv[m]), -127, 127)   (int8)
// Halide dimension 0 is the last PyTorch dimension: x(k, m) is x[m, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// round_half_even(v) as an Int(32), from exact float32 steps only (floor, and v - floor(v),
// which is exact): Halide's round() becomes OpenCL's round(), which rounds ties away from 0.
static inline Halide::Expr round_half_even(const Halide::Expr &v) {
    using namespace Halide;
    Expr whole = floor(v);
    Expr frac = v - whole;  // in [0, 1), exact
    Expr i = cast<int32_t>(whole);
    Expr up = frac > 0.5f || (frac == 0.5f && (i & 1) == 1);
    return i + select(up, 1, 0);
}

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [M, K]
    Halide::Var k{"k"}, m{"m"};  // q[m, k], scale[m]
    Halide::RDom r;              // over the K features of a token
    Halide::Func absmax{"absmax"};  // max |x| over the row
    Halide::Func inv{"inv"};        // 127 / absmax (0 for an all-zero row)
    Halide::Func q{"q"};            // the quantized row, int8: the first output
    Halide::Func scale{"scale"};    // absmax / 127: the second output

    Algorithm() {
        using namespace Halide;
        r = RDom(0, x.dim(0).extent(), "r");
        absmax(m) = 0.0f;
        absmax(m) = max(absmax(m), abs(x(r, m)));
        inv(m) = select(absmax(m) > 0.0f, 127.0f / absmax(m), 0.0f);
        q(k, m) = cast<int8_t>(clamp(round_half_even(x(k, m) * inv(m)), -127, 127));
        scale(m) = absmax(m) / 127.0f;
    }

    ekb::Kernel kernel() { return {{x}, {q, scale}}; }
};

}  // namespace task
