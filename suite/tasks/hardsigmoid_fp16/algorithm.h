// Halide reference algorithm for task `hardsigmoid_fp16`: hard-sigmoid, output = relu6(input + 3) / 6,
// elementwise, NCHW at batch 1, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func gate{"gate"};      // relu6(input + 3) = clamp(input + 3, 0, 6)
    Halide::Func output{"output"};  // the output: gate / 6

    Algorithm() {
        using namespace Halide;
        gate(x, y, c, n) = clamp(Halide::cast<float>(input(x, y, c, n)) + 3.0f, 0.0f, 6.0f);
        output(x, y, c, n) = Halide::cast(Halide::Float(16), gate(x, y, c, n) / 6.0f);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
