// Halide reference algorithm for task `max_channels`: the maximum over the channels of input
// [1, C, H, W] at every pixel, [1, 1, H, W], float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x], c = 0
    Halide::RDom k;                 // over the channels
    Halide::Func best{"best"};      // the running maximum at pixel (x, y)
    Halide::Func output{"output"};  // the output: best

    Algorithm() {
        using namespace Halide;
        k = RDom(1, input.dim(2).extent() - 1, "k");
        best(x, y, n) = input(x, y, 0, n);
        best(x, y, n) = max(best(x, y, n), input(x, y, k, n));
        output(x, y, c, n) = best(x, y, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
