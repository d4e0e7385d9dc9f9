// Halide reference algorithm for task `tanh`: output = tanh(input), elementwise, NCHW at batch 1,
// float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: tanh(input)

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = tanh(input(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
