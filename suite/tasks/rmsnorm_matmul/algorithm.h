// Halide reference algorithm for task `rmsnorm_matmul`: RMSNorm with weight, then a
// projection: normed = x / sqrt(mean(x^2) + eps) * weight, y = normed W^T, all in float32.
// Halide dimension 0 is the last PyTorch dimension: x(k, t) is x[t, k], W(k, n) is W[n, k],
// y(n, t) is y[t, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};            // [T, D]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [D]
    Halide::ImageParam W{Halide::Float(32), 2, "W"};            // [N, D]
    Halide::Var k{"k"}, n{"n"}, t{"t"};  // k hidden (D), n output features (N), t tokens (T)
    Halide::RDom r;                      // over the hidden dimension (D)
    Halide::Func sum_sq{"sum_sq"};  // sum of x^2 over the row
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func normed{"normed"};  // x * rstd * weight
    Halide::Func dot{"dot"};        // sum_k normed[t, k] * W[n, k]: the projection
    Halide::Func y{"y"};            // the output

    Algorithm() {
        Halide::Expr dim = Halide::cast<float>(x.dim(0).extent());
        r = Halide::RDom(0, x.dim(0).extent(), "r");
        sum_sq(t) = 0.0f;
        sum_sq(t) += x(r, t) * x(r, t);
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / dim + eps);
        normed(k, t) = x(k, t) * rstd(t) * weight(k);
        dot(n, t) = 0.0f;
        dot(n, t) += normed(r, t) * W(r, n);
        y(n, t) = dot(n, t);
    }

    ekb::Kernel kernel() { return {{x, weight, W}, {y}}; }
};

}  // namespace task
