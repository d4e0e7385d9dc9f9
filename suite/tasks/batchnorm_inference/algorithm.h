// Halide reference algorithm for task `batchnorm_inference`: batch normalization with running
// statistics, NCHW at batch 1: y = (x - mean[c]) / sqrt(var[c] + eps) * weight[c] + bias[c],
// folded per channel (as PyTorch's CPU kernel does) into y = x * scale[c] + shift[c].
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};                // [1, C, H, W]
    Halide::ImageParam running_mean{Halide::Float(32), 1, "running_mean"};  // [C]
    Halide::ImageParam running_var{Halide::Float(32), 1, "running_var"};    // [C]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};              // [C] (gamma)
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};                  // [C] (beta)
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]
    Halide::Func scale{"scale"};    // weight[c] / sqrt(running_var[c] + eps)
    Halide::Func shift{"shift"};    // bias[c] - running_mean[c] * scale[c]
    Halide::Func output{"output"};  // input * scale + shift

    Algorithm() {
        using namespace Halide;
        scale(c) = weight(c) / sqrt(running_var(c) + eps);
        shift(c) = bias(c) - running_mean(c) * scale(c);
        output(x, y, c, n) = input(x, y, c, n) * scale(c) + shift(c);
    }

    ekb::Kernel kernel() { return {{input, running_mean, running_var, weight, bias}, {output}}; }
};

}  // namespace task
