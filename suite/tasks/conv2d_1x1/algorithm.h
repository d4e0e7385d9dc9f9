// Halide reference algorithm for task `conv2d_1x1`: a pointwise (1x1) convolution with bias,
// stride 1, no padding, NCHW at batch 1.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(0, 0, ci, co) is weight[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CO, CI, 1, 1]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                 // the input channel ci
    Halide::Func conv{"conv"};      // bias + the reduction over ci
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(2).extent(), "r");
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += weight(0, 0, r, c) * input(x, y, r, n);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
