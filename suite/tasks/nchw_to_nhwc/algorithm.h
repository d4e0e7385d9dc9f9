// Halide reference algorithm for task `nchw_to_nhwc`: output[0, y, x, c] = input[0, c, y, x],
// [1, C, H, W] -> [1, H, W, C], float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x] and
// output(c, x, y, n) is output[n, y, x, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};               // output[n, y, x, c]
    Halide::Func output{"output"};  // the output: the input value at the same (c, y, x)

    Algorithm() { output(c, x, y, n) = input(x, y, c, n); }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
