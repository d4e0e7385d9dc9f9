// Halide reference algorithm for task `residual_add_fp16`: y = x + residual, elementwise.
// float16 in and out (torch.half): the sum is computed in float and rounded to float16 once,
// which is IEEE float16 addition, as PyTorch's CPU half kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(16), 2, "x"};                // [T, D]
    Halide::ImageParam residual{Halide::Float(16), 2, "residual"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};  // y[t, d]: d hidden (D), t tokens (T)
    Halide::Func y{"y"};         // the output: x + residual

    Algorithm() {
        using namespace Halide;
        y(d, t) = cast(Float(16), cast<float>(x(d, t)) + cast<float>(residual(d, t)));
    }

    ekb::Kernel kernel() { return {{x, residual}, {y}}; }
};

}  // namespace task
