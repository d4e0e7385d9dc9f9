// Halide reference algorithm for task `silu`: SiLU (swish), y = x * sigmoid(x), elementwise,
// float32.
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d hidden (D), t tokens (T)
    Halide::Func sig{"sig"};  // sigmoid(x) = 1 / (1 + exp(-x))
    Halide::Func y{"y"};      // the output: x * sig

    Algorithm() {
        sig(d, t) = 1.0f / (1.0f + Halide::exp(-x(d, t)));
        y(d, t) = x(d, t) * sig(d, t);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
