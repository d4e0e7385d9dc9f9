// Halide reference algorithm for task `conv2d_3x3_fp16`: a 3x3 convolution with bias, stride 1,
// zero padding 1, NCHW at batch 1.
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(16), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(16), 4, "weight"};  // [CO, CI, 3, 3]
    Halide::ImageParam bias{Halide::Float(16), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;              // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) (padding 1)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, ky, kx)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        const int stride = 1, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, Halide::cast(Halide::Float(16), 0.0f), {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = cast<float>(bounded(x, y, c, n));  // float16 in, float arithmetic

        r = RDom(0, input.dim(2).extent(), 0, 3, 0, 3, "r");
        conv(x, y, c, n) = Halide::cast<float>(bias(c));
        conv(x, y, c, n) += Halide::cast<float>(weight(r.y, r.z, r.x, c)) * padded(x * stride + r.y - pad, y * stride + r.z - pad, r.x, n);
        output(x, y, c, n) = Halide::cast(Halide::Float(16), conv(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
