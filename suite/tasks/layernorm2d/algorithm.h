// Halide reference algorithm for task `layernorm2d`: channels-first LayerNorm, at every pixel
// output = (input - mean) / sqrt(var + eps) * weight[c] + bias[c] with mean and the biased
// variance over the pixel's C channels, NCHW at batch 1, float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [C]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};                 // output[n, c, y, x]
    Halide::RDom k;                     // over the channels of a pixel
    Halide::Func sum_x{"sum_x"};        // the sum over the pixel's channels
    Halide::Func mean{"mean"};          // sum_x / C
    Halide::Func xc{"xc"};              // the centred input, input - mean
    Halide::Func sum_sq{"sum_sq"};      // the sum of xc^2 over the pixel's channels
    Halide::Func rstd{"rstd"};          // 1 / sqrt(sum_sq / C + eps)
    Halide::Func output{"output"};      // the output: xc * rstd * weight + bias

    Algorithm() {
        using namespace Halide;
        Expr C = input.dim(2).extent();
        Expr count = cast<float>(C);
        k = RDom(0, C, "k");
        sum_x(x, y, n) = 0.0f;
        sum_x(x, y, n) += input(x, y, k, n);
        mean(x, y, n) = sum_x(x, y, n) / count;
        xc(x, y, c, n) = input(x, y, c, n) - mean(x, y, n);
        sum_sq(x, y, n) = 0.0f;
        sum_sq(x, y, n) += xc(x, y, k, n) * xc(x, y, k, n);
        rstd(x, y, n) = 1.0f / sqrt(sum_sq(x, y, n) / count + eps);
        output(x, y, c, n) = xc(x, y, c, n) * rstd(x, y, n) * weight(c) + bias(c);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
