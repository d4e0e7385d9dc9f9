// Halide reference algorithm for task `matmul_bias_gelu_fp16`: y = gelu_tanh(x W^T + b), with
// gelu_tanh(h) = 0.5 * h * (1 + tanh(sqrt(2/pi) * (h + 0.044715 * h^3))).
// float16 in and out (torch.half); products and sums in float; the biased pre-activation is
// rounded to float16 as PyTorch's half operators hand it over, the output rounded once more.
// Halide dimension 0 is the last PyTorch dimension: x(k, t) is x[t, k], W(k, n) is W[n, k],
// y(n, t) is y[t, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float beta = 0.7978845608028654f;  // sqrt(2 / pi)
    static constexpr float kappa = 0.044715f;           // the cubic coefficient

    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, K]
    Halide::ImageParam W{Halide::Float(16), 2, "W"};  // [N, K]
    Halide::ImageParam b{Halide::Float(16), 1, "b"};  // [N]
    Halide::Var n{"n"}, t{"t"};  // y[t, n]: n output features (N), t tokens (T)
    Halide::RDom k;              // the input features (K)
    Halide::Func dot{"dot"};        // sum_k x[t, k] * W[n, k]: the reduction
    Halide::Func biased{"biased"};  // h = dot + b
    Halide::Func y{"y"};            // gelu_tanh(h): the output

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        dot(n, t) = 0.0f;
        dot(n, t) += Halide::cast<float>(x(k, t)) * Halide::cast<float>(W(k, n));
        // F.linear's half result: rounded to float16 before the GELU reads it.
        biased(n, t) = Halide::cast<float>(Halide::cast(Halide::Float(16), dot(n, t) + Halide::cast<float>(b(n))));
        Halide::Expr h = biased(n, t);
        y(n, t) = Halide::cast(Halide::Float(16), 0.5f * h * (1.0f + Halide::tanh(beta * (h + kappa * h * h * h))));
    }

    ekb::Kernel kernel() { return {{x, W, b}, {y}}; }
};

}  // namespace task
