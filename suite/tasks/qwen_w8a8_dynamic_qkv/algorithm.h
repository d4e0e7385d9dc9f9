// Halide reference algorithm for task `qwen_w8a8_dynamic_qkv`: a W8A8 linear layer with
// dynamic per-token activation quantization (vLLM int8 w8a8):
//   absmax[t] = max_k |x[t, k]|;  inv[t] = absmax > 0 ? 127 / absmax : 0
//   xq[t, k] = clamp(round_half_even(x[t, k] * inv[t]), -127, 127)          (int8)
//   acc[t, n] = sum_k xq[t, k] * Wq[n, k]                                    (int32, exact)
//   y[t, n] = (float(acc) * (absmax[t] / 127)) * w_scale[n] + bias[n]
// Halide dimension 0 is the last PyTorch dimension: x(k, t) is x[t, k], Wq(k, n) is Wq[n, k].
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
    Halide::ImageParam x{Halide::Float(32), 2, "x"};              // [T, K]
    Halide::ImageParam Wq{Halide::Int(8), 2, "Wq"};               // [N, K]
    Halide::ImageParam w_scale{Halide::Float(32), 1, "w_scale"};  // [N]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};        // [N]

    Halide::Var k{"k"}, n{"n"}, t{"t"};
    Halide::RDom rk;                    // over the K input features
    Halide::Func absmax{"absmax"};      // max |x| over the token
    Halide::Func inv{"inv"};            // 127 / absmax (0 for an all-zero token)
    Halide::Func xq{"xq"};              // the quantized token (int8)
    Halide::Func acc{"acc"};            // the int32 dot products
    Halide::Func y{"y"};                // the dequantized output

    Algorithm() {
        using namespace Halide;
        rk = RDom(0, x.dim(0).extent(), "rk");
        absmax(t) = 0.0f;
        absmax(t) = max(absmax(t), abs(x(rk, t)));
        inv(t) = select(absmax(t) > 0.0f, 127.0f / absmax(t), 0.0f);
        xq(k, t) = cast<int8_t>(clamp(round_half_even(x(k, t) * inv(t)), -127, 127));
        acc(n, t) = 0;
        acc(n, t) += cast<int32_t>(xq(rk, t)) * cast<int32_t>(Wq(rk, n));
        y(n, t) = (cast<float>(acc(n, t)) * (absmax(t) / 127.0f)) * w_scale(n) + bias(n);
    }

    ekb::Kernel kernel() { return {{x, Wq, w_scale, bias}, {y}}; }
};

}  // namespace task
