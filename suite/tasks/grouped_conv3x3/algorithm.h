// Halide reference algorithm for task `grouped_conv3x3`: a grouped 3x3 convolution with bias,
// 4 groups, stride 1, zero padding 1, NCHW at batch 1. Output channel co belongs to group
// g = co / (CO / 4) and reads only the input channels g * (CI / 4) .. (g + 1) * (CI / 4) - 1.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx] (ci within the group).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int groups = 4;  // = get_init_inputs() in reference.py (with stride 1, padding 1)

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CO, CI/4, 3, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;              // r.x: input channel within the group, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) (padding 1)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci in the group, ky, kx)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        const int stride = 1, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        Expr ci_per_group = weight.dim(2).extent();           // CI / 4
        Expr co_per_group = weight.dim(3).extent() / groups;  // CO / 4
        Expr first_ci = (c / co_per_group) * ci_per_group;    // the group's first input channel
        r = RDom(0, ci_per_group, 0, 3, 0, 3, "r");
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += weight(r.y, r.z, r.x, c) *
                            padded(x * stride + r.y - pad, y * stride + r.z - pad, first_ci + r.x, n);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
