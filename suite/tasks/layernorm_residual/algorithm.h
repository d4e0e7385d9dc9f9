// Halide reference algorithm for task `layernorm_residual`: the post-LN 'Add & Norm',
// h = x + residual, y = (h - mean) / sqrt(var + eps) * weight + bias over the last dimension,
// with the biased variance (the mean of squared deviations, as PyTorch), all in float32.
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-12f;  // = get_init_inputs() in reference.py (BERT's eps)

    Halide::ImageParam x{Halide::Float(32), 2, "x"};                // [T, D]
    Halide::ImageParam residual{Halide::Float(32), 2, "residual"};  // [T, D]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};      // [D]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};          // [D]
    Halide::Var d{"d"}, t{"t"};  // y[t, d]: d hidden (D), t tokens (T)
    Halide::RDom k;              // over the hidden dimension of a row
    Halide::Func h{"h"};                // the residual sum x + residual
    Halide::Func sum_h{"sum_h"};        // sum of the row of h
    Halide::Func mean{"mean"};          // sum_h / D
    Halide::Func hc{"hc"};              // the centred sum h - mean
    Halide::Func sum_sq{"sum_sq"};      // sum of hc^2 over the row
    Halide::Func variance{"variance"};  // sum_sq / D (biased)
    Halide::Func rstd{"rstd"};          // 1 / sqrt(variance + eps)
    Halide::Func y{"y"};                // the output: hc * rstd * weight + bias

    Algorithm() {
        Halide::Expr n = Halide::cast<float>(x.dim(0).extent());
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        h(d, t) = x(d, t) + residual(d, t);
        sum_h(t) = 0.0f;
        sum_h(t) += h(k, t);
        mean(t) = sum_h(t) / n;
        hc(d, t) = h(d, t) - mean(t);
        sum_sq(t) = 0.0f;
        sum_sq(t) += hc(k, t) * hc(k, t);
        variance(t) = sum_sq(t) / n;
        rstd(t) = 1.0f / Halide::sqrt(variance(t) + eps);
        y(d, t) = hc(d, t) * rstd(t) * weight(d) + bias(d);
    }

    ekb::Kernel kernel() { return {{x, residual, weight, bias}, {y}}; }
};

}  // namespace task
