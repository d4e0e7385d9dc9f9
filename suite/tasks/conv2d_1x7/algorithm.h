// Halide reference algorithm for task `conv2d_1x7`: an asymmetric 1x7 convolution (one row of 7
// taps) with bias, stride 1, zero padding (0, 3), NCHW at batch 1.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py
    static constexpr int KH = 1, KW = 7;           // kernel rows, columns
    static constexpr int stride = 1;
    static constexpr int pad_y = 0, pad_x = 3;     // zero padding of rows, columns

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CO, CI, KH, KW]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;              // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, ky, kx)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, input.dim(2).extent(), 0, KW, 0, KH, "r");
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += weight(r.y, r.z, r.x, c) * padded(x * stride + r.y - pad_x, y * stride + r.z - pad_y, r.x, n);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
