// Halide reference algorithm for task `relu6`: ReLU6 = hardtanh(0, 6), output = min(max(input, 0),
// 6), elementwise, NCHW at batch 1, float32. Halide dimension 0 is the last PyTorch dimension:
// input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: clamp(input, 0, 6)

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = clamp(input(x, y, c, n), 0.0f, 6.0f);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
