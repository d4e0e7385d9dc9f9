// Halide reference algorithm for task `rmsnorm_fp16`: RMSNorm over the last dimension,
// y = weight * half(x / sqrt(mean(x^2) + eps)), float16 in and out, as LLaMA's RMSNorm runs in half
// (Hugging Face LlamaRMSNorm: the row statistics and the normalization in float32, the result
// cast back to float16 before the weight multiplies it). No centring, no bias.
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(16), 2, "x"};            // [T, D]
    Halide::ImageParam weight{Halide::Float(16), 1, "weight"};  // [D]
    Halide::Var d{"d"}, t{"t"};                                 // y[t, d]: d hidden (D), t tokens (T)
    Halide::RDom k;                                             // over the hidden dimension of a row
    Halide::Func sum_sq{"sum_sq"};  // sum of x^2 over the row
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func y{"y"};            // the output: x * rstd * weight

    Algorithm() {
        Halide::Expr n = Halide::cast<float>(x.dim(0).extent());
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        sum_sq(t) = 0.0f;
        sum_sq(t) += Halide::cast<float>(x(k, t)) * Halide::cast<float>(x(k, t));
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / n + eps);
        // LLaMA's RMSNorm in half: normalized in float, rounded to float16, then times the weight
        // (a float16 product, rounded again).
        Halide::Expr normed = Halide::cast(Halide::Float(16), Halide::cast<float>(x(d, t)) * rstd(t));
        y(d, t) = Halide::cast(Halide::Float(16), Halide::cast<float>(weight(d)) * Halide::cast<float>(normed));
    }

    ekb::Kernel kernel() { return {{x, weight}, {y}}; }
};

}  // namespace task
