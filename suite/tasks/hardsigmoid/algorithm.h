// Halide reference algorithm for task `hardsigmoid`: hard-sigmoid, output = relu6(input + 3) / 6,
// elementwise, NCHW at batch 1, float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func gate{"gate"};      // relu6(input + 3) = clamp(input + 3, 0, 6)
    Halide::Func output{"output"};  // the output: gate / 6

    Algorithm() {
        using namespace Halide;
        gate(x, y, c, n) = clamp(input(x, y, c, n) + 3.0f, 0.0f, 6.0f);
        output(x, y, c, n) = gate(x, y, c, n) / 6.0f;
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
