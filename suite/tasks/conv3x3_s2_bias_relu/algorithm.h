// Halide reference algorithm for task `conv3x3_s2_bias_relu`:
// output = max(conv3x3(input, weight, stride 2, pad 1) + bias, 0), NCHW at batch 1; the
// output is (H - 1) / 2 + 1 by (W - 1) / 2 + 1.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CO, CI, 3, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                 // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) (padding 1)
    Halide::Func conv{"conv"};      // the strided 3x3 convolution: the reduction over (ci, ky, kx)
    Halide::Func biased{"biased"};  // conv + bias
    Halide::Func output{"output"};  // ReLU: max(biased, 0), the output

    Algorithm() {
        using namespace Halide;
        const int stride = 2, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, input.dim(2).extent(), 0, 3, 0, 3, "r");
        conv(x, y, c, n) = 0.0f;
        conv(x, y, c, n) += weight(r.y, r.z, r.x, c) * padded(x * stride + r.y - pad, y * stride + r.z - pad, r.x, n);
        biased(x, y, c, n) = conv(x, y, c, n) + bias(c);
        output(x, y, c, n) = max(biased(x, y, c, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
