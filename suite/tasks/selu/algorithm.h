// Halide reference algorithm for task `selu`: SELU, y = scale * (x > 0 ? x : alpha * (exp(x) - 1)),
// elementwise, float32.
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float alpha = 1.6732632423543772f;  // torch.nn.functional.selu's constants
    static constexpr float scale = 1.0507009873554805f;

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d features (D), t rows (T)
    Halide::Func neg{"neg"};        // alpha * (exp(x) - 1), the negative branch
    Halide::Func y{"y"};            // the output: scale * (x where positive, else neg)

    Algorithm() {
        using namespace Halide;
        neg(d, t) = alpha * (exp(x(d, t)) - 1.0f);
        y(d, t) = scale * select(x(d, t) > 0.0f, x(d, t), neg(d, t));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
