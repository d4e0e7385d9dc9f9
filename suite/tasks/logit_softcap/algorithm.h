// Halide reference algorithm for task `logit_softcap`: Gemma 2's logit soft-capping,
// y = cap * tanh(x / cap), elementwise, cap = 30 (the final-logit cap).
// Halide dimension 0 is the last PyTorch dimension: x(v, t) is x[t, v].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float cap = 30.0f;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [T, V]
    Halide::Var v{"v"}, t{"t"};                       // y[t, v]
    Halide::Func y{"y"};                              // the output

    Algorithm() {
        using namespace Halide;
        y(v, t) = cap * tanh(x(v, t) / cap);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
