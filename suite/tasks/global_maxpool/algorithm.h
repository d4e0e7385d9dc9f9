// Halide reference algorithm for task `global_maxpool`: global max pooling, the maximum over H
// and W of each channel, NCHW at batch 1 ([1, C, H, W] -> [1, C, 1, 1]).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x];
// output(x, y, c, n) is output[n, c, y, x] with x = y = 0 (one pixel per channel).
#pragma once
#include <ekb/kernel.h>

#include <limits>

namespace task {

struct Algorithm {
    static constexpr int output_size = 1;  // = get_init_inputs() in reference.py (global pooling)

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::RDom r;                 // r.x: input column, r.y: input row
    Halide::Func best{"best"};      // the running maximum over the channel's plane
    Halide::Func output{"output"};  // best, the 1 x 1 output pixel

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(0).extent(), 0, input.dim(1).extent(), "r");
        best(c, n) = -std::numeric_limits<float>::infinity();
        best(c, n) = max(best(c, n), input(r.x, r.y, c, n));
        output(x, y, c, n) = best(c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
