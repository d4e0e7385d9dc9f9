// Halide reference algorithm for task `depthwise_conv3x3_s2`: a depthwise 3x3 convolution with bias
// (one 3x3 filter per channel), stride 2, zero padding 1, NCHW at batch 1; the output is (H - 1) /
// 2 + 1 by (W - 1) / 2 + 1. Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is
// input[n, c, y, x] and weight(kx, ky, 0, c) is weight[c, 0, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py
    static constexpr int K = 3;        // kernel size (K x K taps per channel)
    static constexpr int stride = 2;
    static constexpr int pad = 1;      // zero padding on every side

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [C, 1, K, K]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]
    Halide::RDom r;                 // r.x: tap kx, r.y: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H)
    Halide::Func conv{"conv"};      // bias + the reduction over the K x K taps of channel c
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, K, 0, K, "r");
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += weight(r.x, r.y, 0, c) * padded(x * stride + r.x - pad, y * stride + r.y - pad, c, n);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
