// Halide reference algorithm for task `relu6_fp16`: ReLU6 = hardtanh(0, 6), output = min(max(input, 0),
// 6), elementwise, NCHW at batch 1, float16 in and out (torch.half): exact in float16 (the clamp
// only selects values), computed in float as PyTorch's CPU half kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: clamp(input, 0, 6)

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = Halide::cast(Halide::Float(16), clamp(Halide::cast<float>(input(x, y, c, n)), 0.0f, 6.0f));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
