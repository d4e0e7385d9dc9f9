// Halide reference algorithm for task `leaky_relu_fp16`: leaky ReLU with negative slope 0.1,
// output = input > 0 ? input : 0.1 * input, elementwise, NCHW at batch 1, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float negative_slope = 0.1f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: input, or 0.1 * input where negative

    Algorithm() {
        using namespace Halide;
        Expr v = cast<float>(input(x, y, c, n));
        output(x, y, c, n) = cast(Float(16), select(v > 0.0f, v, negative_slope * v));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
