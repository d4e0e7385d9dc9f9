// Halide reference algorithm for task `rmsnorm`: RMSNorm over the last dimension,
// y = x / sqrt(mean(x^2) + eps) * weight, all in float32 (no centring, no bias).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};            // [T, D]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [D]
    Halide::Var d{"d"}, t{"t"};                                 // y[t, d]: d hidden (D), t tokens (T)
    Halide::RDom k;                                             // over the hidden dimension of a row
    Halide::Func sum_sq{"sum_sq"};  // sum of x^2 over the row
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func y{"y"};            // the output: x * rstd * weight

    Algorithm() {
        Halide::Expr n = Halide::cast<float>(x.dim(0).extent());
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        sum_sq(t) = 0.0f;
        sum_sq(t) += x(k, t) * x(k, t);
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / n + eps);
        y(d, t) = x(d, t) * rstd(t) * weight(d);
    }

    ekb::Kernel kernel() { return {{x, weight}, {y}}; }
};

}  // namespace task
