// Halide reference algorithm for task `layernorm_fp16`: LayerNorm over the last dimension,
// y = (x - mean) / sqrt(var + eps) * weight + bias, with the biased variance (the mean of
// squared deviations, as PyTorch), in float.
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(16), 2, "x"};            // [T, D]
    Halide::ImageParam weight{Halide::Float(16), 1, "weight"};  // [D]
    Halide::ImageParam bias{Halide::Float(16), 1, "bias"};      // [D]
    Halide::Var d{"d"}, t{"t"};                                 // y[t, d]: d hidden (D), t tokens (T)
    Halide::RDom k;                                             // over the hidden dimension of a row
    Halide::Func sum_x{"sum_x"};        // sum of the row
    Halide::Func mean{"mean"};          // sum_x / D
    Halide::Func xc{"xc"};              // the centred input x - mean
    Halide::Func sum_sq{"sum_sq"};      // sum of xc^2 over the row
    Halide::Func variance{"variance"};  // sum_sq / D (biased)
    Halide::Func rstd{"rstd"};          // 1 / sqrt(variance + eps)
    Halide::Func y{"y"};                // the output: xc * rstd * weight + bias

    Algorithm() {
        Halide::Expr n = Halide::cast<float>(x.dim(0).extent());
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        sum_x(t) = 0.0f;
        sum_x(t) += Halide::cast<float>(x(k, t));
        mean(t) = sum_x(t) / n;
        xc(d, t) = Halide::cast<float>(x(d, t)) - mean(t);
        sum_sq(t) = 0.0f;
        sum_sq(t) += xc(k, t) * xc(k, t);
        variance(t) = sum_sq(t) / n;
        rstd(t) = 1.0f / Halide::sqrt(variance(t) + eps);
        y(d, t) = Halide::cast(Halide::Float(16), xc(d, t) * rstd(t) * Halide::cast<float>(weight(d)) + Halide::cast<float>(bias(d)));
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {y}}; }
};

}  // namespace task
