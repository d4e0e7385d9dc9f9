// Halide reference algorithm for task `pixel_shuffle2`: pixel shuffle with upscale factor 2,
// output[0, c, 2y + i, 2x + j] = input[0, 4c + 2i + j, y, x], [1, 4C, H, W] -> [1, C, 2H, 2W].
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int r = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, 4C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: the input value this position comes from

    Algorithm() {
        using namespace Halide;
        output(x, y, c, n) = input(x / r, y / r, c * (r * r) + (y % r) * r + x % r, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
