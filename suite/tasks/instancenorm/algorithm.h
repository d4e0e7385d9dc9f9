// Halide reference algorithm for task `instancenorm`: instance normalization with a per-channel
// affine transform, output = (input - mean_c) / sqrt(var_c + eps) * weight[c] + bias[c], mean_c and
// the biased variance over the H x W plane of channel c, NCHW at batch 1, float32. Halide dimension
// 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [C]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"}, s{"s"};  // output[n, c, y, x]; s: a channel's statistics
    Halide::RDom r;                     // r.x, r.y: a pixel of the plane
    Halide::Func sum_x{"sum_x"};        // the sum over the plane
    Halide::Func mean{"mean"};          // sum_x / count
    Halide::Func xc{"xc"};              // the centred input, input - mean
    Halide::Func sum_sq{"sum_sq"};      // the sum of xc^2 over the plane
    Halide::Func rstd{"rstd"};          // 1 / sqrt(sum_sq / count + eps)
    Halide::Func output{"output"};      // the output: xc * rstd * weight + bias

    Algorithm() {
        using namespace Halide;
        Expr W = input.dim(0).extent(), H = input.dim(1).extent();
        r = RDom(0, W, 0, H, "r");
        Expr count = cast<float>(W * H);
        sum_x(s, n) = 0.0f;
        sum_x(s, n) += input(r.x, r.y, s, n);
        mean(s, n) = sum_x(s, n) / count;
        xc(x, y, c, n) = input(x, y, c, n) - mean(c, n);
        sum_sq(s, n) = 0.0f;
        sum_sq(s, n) += xc(r.x, r.y, s, n) * xc(r.x, r.y, s, n);
        rstd(s, n) = 1.0f / sqrt(sum_sq(s, n) / count + eps);
        output(x, y, c, n) = xc(x, y, c, n) * rstd(c, n) * weight(c) + bias(c);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
