// Halide reference algorithm for task `mish_fp16`: Mish, output = input * tanh(log(1 + exp(input))),
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
    Halide::Func sp{"sp"};          // softplus(input) = log(1 + exp(input))
    Halide::Func output{"output"};  // the output: input * tanh(sp)

    Algorithm() {
        using namespace Halide;
        sp(x, y, c, n) = log(1.0f + exp(Halide::cast<float>(input(x, y, c, n))));
        output(x, y, c, n) = Halide::cast(Halide::Float(16), Halide::cast<float>(input(x, y, c, n)) * tanh(sp(x, y, c, n)));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
