// Halide reference algorithm for task `leaky_relu`: leaky ReLU with negative slope 0.1,
// output = input > 0 ? input : 0.1 * input, elementwise, NCHW at batch 1, float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float negative_slope = 0.1f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: input, or 0.1 * input where negative

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = select(input(x, y, c, n) > 0.0f, input(x, y, c, n), negative_slope * input(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
