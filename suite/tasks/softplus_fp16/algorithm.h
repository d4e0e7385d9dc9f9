// Halide reference algorithm for task `softplus_fp16`: softplus, y = x > 20 ? x : log(1 + exp(x)),
// elementwise, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float threshold = 20.0f;  // = get_init_inputs() in reference.py (beta = 1)

    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d features (D), t rows (T)
    Halide::Func soft{"soft"};      // log(1 + exp(x))
    Halide::Func y{"y"};            // the output: x above the threshold, else soft

    Algorithm() {
        using namespace Halide;
        soft(d, t) = log(1.0f + exp(Halide::cast<float>(x(d, t))));
        y(d, t) = Halide::cast(Halide::Float(16), select(Halide::cast<float>(x(d, t)) > threshold, Halide::cast<float>(x(d, t)), soft(d, t)));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
