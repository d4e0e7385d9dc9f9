// Halide reference algorithm for task `gelu_tanh_fp16`: GELU with the tanh approximation,
// y = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))), elementwise, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float beta = 0.7978845608028654f;  // sqrt(2 / pi)
    static constexpr float kappa = 0.044715f;           // the cubic coefficient

    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d hidden (D), t tokens (T)
    Halide::Func inner{"inner"};  // sqrt(2/pi) * (x + 0.044715 * x^3)
    Halide::Func y{"y"};          // the output: 0.5 * x * (1 + tanh(inner))

    Algorithm() {
        Halide::Expr v = Halide::cast<float>(x(d, t));
        inner(d, t) = beta * (v + kappa * v * v * v);
        y(d, t) = Halide::cast(Halide::Float(16), 0.5f * Halide::cast<float>(x(d, t)) * (1.0f + Halide::tanh(inner(d, t))));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
