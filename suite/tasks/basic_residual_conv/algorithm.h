// Halide reference algorithm for task `basic_residual_conv`:
// output = ReLU(conv3x3(input, weight, stride 1, pad 1) + bias + skip), NCHW at batch 1: the
// second half of a ResNet basic block (batch norm folded), skip the block's identity input.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [C, C, 3, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    Halide::ImageParam skip{Halide::Float(32), 4, "skip"};      // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                 // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) (padding 1)
    Halide::Func conv{"conv"};      // the 3x3 convolution: the reduction over (ci, ky, kx)
    Halide::Func residual{"residual"};  // conv + bias + skip
    Halide::Func output{"output"};      // ReLU(residual): the output

    Algorithm() {
        using namespace Halide;
        const int stride = 1, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, input.dim(2).extent(), 0, 3, 0, 3, "r");
        conv(x, y, c, n) = 0.0f;
        conv(x, y, c, n) += weight(r.y, r.z, r.x, c) * padded(x * stride + r.y - pad, y * stride + r.z - pad, r.x, n);
        residual(x, y, c, n) = conv(x, y, c, n) + bias(c) + skip(x, y, c, n);
        output(x, y, c, n) = max(residual(x, y, c, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{input, weight, bias, skip}, {output}}; }
};

}  // namespace task
