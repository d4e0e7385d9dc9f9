// Halide reference algorithm for task `conv1d_k3`: a 1-D convolution over time with channel
// mixing, kernel 3, stride 1, zero padding 1, with bias, NCL at batch 1.
// Halide dimension 0 is the last PyTorch dimension: x(l, c, n) is x[n, c, l] and
// weight(k, ci, co) is weight[co, ci, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, CI, L]
    Halide::ImageParam weight{Halide::Float(32), 3, "weight"};  // [CO, CI, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var l{"l"}, c{"c"}, n{"n"};  // output[n, c, l]: c is the output channel
    Halide::RDom r;                      // r.x: input channel ci, r.y: tap k
    Halide::Func padded{"padded"};  // x with zeros outside [0, L) (padding 1)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, k)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        const int stride = 1, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the time extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(x, 0.0f, {{x.dim(0).min(), x.dim(0).extent()}});
        padded(l, c, n) = bounded(l, c, n);

        r = RDom(0, x.dim(1).extent(), 0, 3, "r");
        conv(l, c, n) = bias(c);
        conv(l, c, n) += weight(r.y, r.x, c) * padded(l * stride + r.y - pad, r.x, n);
        output(l, c, n) = conv(l, c, n);
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {output}}; }
};

}  // namespace task
