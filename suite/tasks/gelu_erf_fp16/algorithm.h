// Halide reference algorithm for task `gelu_erf_fp16`: GELU in its exact form,
// y = 0.5 * x * (1 + erf(x / sqrt(2))), elementwise, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float inv_sqrt2 = 0.7071067811865476f;  // 1 / sqrt(2)

    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, D]
    Halide::Var d{"d"}, t{"t"};                       // y[t, d]: d features (D), t rows (T)
    Halide::Func cdf{"cdf"};        // the standard normal CDF of x: 0.5 * (1 + erf(x / sqrt(2)))
    Halide::Func y{"y"};            // the output: x * cdf

    Algorithm() {
        using namespace Halide;
        cdf(d, t) = 0.5f * (1.0f + erf(Halide::cast<float>(x(d, t)) * inv_sqrt2));
        y(d, t) = Halide::cast(Halide::Float(16), Halide::cast<float>(x(d, t)) * cdf(d, t));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
