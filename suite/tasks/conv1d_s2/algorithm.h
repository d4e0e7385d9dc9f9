// Halide reference algorithm for task `conv1d_s2`: a 1-D convolution over time with channel mixing,
// kernel 3, stride 2, zero padding 1, with bias, NCL at batch 1; the output has (L - 1) / 2 + 1
// steps. Halide dimension 0 is the last PyTorch dimension: x(l, c, n) is x[n, c, l] and
// weight(k, ci, co) is weight[co, ci, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py
    static constexpr int K = 3;             // taps
    static constexpr int stride = 2;
    static constexpr int dilation = 1;
    static constexpr int pad_left = 1;   // zeros before the first time step

    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, CI, L]
    Halide::ImageParam weight{Halide::Float(32), 3, "weight"};  // [CO, CI, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var l{"l"}, c{"c"}, n{"n"};  // output[n, c, l]: c is the output channel
    Halide::RDom r;                      // r.x: input channel ci, r.y: tap k
    Halide::Func padded{"padded"};  // x with zeros outside [0, L)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, k)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the time extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(x, 0.0f, {{x.dim(0).min(), x.dim(0).extent()}});
        padded(l, c, n) = bounded(l, c, n);

        r = RDom(0, x.dim(1).extent(), 0, K, "r");
        conv(l, c, n) = bias(c);
        conv(l, c, n) += weight(r.y, r.x, c) * padded(l * stride + r.y * dilation - pad_left, r.x, n);
        output(l, c, n) = conv(l, c, n);
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {output}}; }
};

}  // namespace task
