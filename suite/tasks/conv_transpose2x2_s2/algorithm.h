// Halide reference algorithm for task `conv_transpose2x2_s2`: a 2x2 transposed convolution
// with bias, stride 2, no padding, NCHW at batch 1 ([1, CI, H, W] -> [1, CO, 2H, 2W]).
// Kernel and stride are equal, so the 2x2 blocks never overlap: output pixel (x, y) takes
// tap (x % 2, y % 2) of the one input pixel (x / 2, y / 2).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, co, ci) is weight[ci, co, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int stride = 2;  // = get_init_inputs() in reference.py (= the kernel size)

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CI, CO, 2, 2]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                 // r: input channel ci
    Halide::Func conv{"conv"};      // bias + the reduction over ci
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(2).extent(), "r");
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += weight(x % stride, y % stride, c, r) * input(x / stride, y / stride, r, n);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
