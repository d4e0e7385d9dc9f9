// Halide reference algorithm for task `prelu`: PReLU with a per-channel slope,
// output = input >= 0 ? input : weight[c] * input, NCHW at batch 1, float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [C], one slope per channel
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: input, or weight(c) * input where negative

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = select(input(x, y, c, n) >= 0.0f, input(x, y, c, n), weight(c) * input(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input, weight}, {output}}; }
};

}  // namespace task
