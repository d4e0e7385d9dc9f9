// Halide reference algorithm for task `silu_fp16`: SiLU (swish), y = x * sigmoid(x), elementwise,
// float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d hidden (D), t tokens (T)
    Halide::Func sig{"sig"};  // sigmoid(x) = 1 / (1 + exp(-x))
    Halide::Func y{"y"};      // the output: x * sig

    Algorithm() {
        sig(d, t) = 1.0f / (1.0f + Halide::exp(-Halide::cast<float>(x(d, t))));
        y(d, t) = Halide::cast(Halide::Float(16), Halide::cast<float>(x(d, t)) * sig(d, t));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
