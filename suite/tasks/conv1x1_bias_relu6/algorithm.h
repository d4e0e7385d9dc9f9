// Halide reference algorithm for task `conv1x1_bias_relu6`:
// output = min(max(conv1x1(input, weight) + bias, 0), 6).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x],
// weight(0, 0, ci, co) is weight[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, C_in, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [C_out, C_in, 1, 1]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C_out]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c output channels
    Halide::RDom ci;                             // the input channels
    Halide::Func conv{"conv"};      // the 1x1 convolution: a reduction over ci
    Halide::Func biased{"biased"};  // conv + bias
    Halide::Func output{"output"};  // ReLU6: the output

    Algorithm() {
        ci = Halide::RDom(0, input.dim(2).extent(), "ci");
        conv(x, y, c, n) = 0.0f;
        conv(x, y, c, n) += weight(0, 0, ci, c) * input(x, y, ci, n);
        biased(x, y, c, n) = conv(x, y, c, n) + bias(c);
        output(x, y, c, n) = Halide::min(Halide::max(biased(x, y, c, n), 0.0f), 6.0f);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
