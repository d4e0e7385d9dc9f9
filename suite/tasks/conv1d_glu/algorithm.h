// Halide reference algorithm for task `conv1d_glu`: a 1-D convolution to 2C channels with
// 'same' zero padding (K odd) plus bias, then the gated linear unit over the channels:
//   h = conv1d(x, weight, pad K/2) + bias,  y[c] = h[c] * sigmoid(h[c + C]).
// The 2C conv channels are indexed (c, g): channel c + g*C, g = 0 the value half a and
// g = 1 the gate half b.
// Halide dimension 0 is the last PyTorch dimension: x(l, ci, n) is x[n, ci, l],
// weight(k, ci, co) is weight[co, ci, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, C_in, L]
    Halide::ImageParam weight{Halide::Float(32), 3, "weight"};  // [2C, C_in, K]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [2C]
    // l: time (L), c: output channel (C), g: the half (0: a, 1: b), n: the batch (extent 1).
    Halide::Var l{"l"}, c{"c"}, g{"g"}, n{"n"};
    Halide::RDom r;                       // r.x the taps (K), r.y the input channels (C_in)
    Halide::Func x_padded{"x_padded"};    // x, zero outside [0, L) (the 'same' padding)
    Halide::Func conv{"conv"};            // the convolution: a reduction over r
    Halide::Func biased{"biased"};        // conv + bias
    Halide::Func y{"y"};                  // GLU: a * sigmoid(b), the output

    Algorithm() {
        Halide::Expr L = x.dim(0).extent();
        Halide::Expr K = weight.dim(0).extent();
        Halide::Expr C = weight.dim(2).extent() / 2;
        Halide::Expr pad = K / 2;
        r = Halide::RDom(0, K, 0, x.dim(1).extent(), "r");
        x_padded(l, c, n) = Halide::BoundaryConditions::constant_exterior(x, 0.0f, {{0, L}})(l, c, n);
        conv(l, c, g, n) = 0.0f;
        conv(l, c, g, n) += weight(r.x, r.y, c + g * C) * x_padded(l + r.x - pad, r.y, n);
        biased(l, c, g, n) = conv(l, c, g, n) + bias(c + g * C);
        y(l, c, n) = biased(l, c, 0, n) * (1.0f / (1.0f + Halide::exp(-biased(l, c, 1, n))));
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {y}}; }
};

}  // namespace task
