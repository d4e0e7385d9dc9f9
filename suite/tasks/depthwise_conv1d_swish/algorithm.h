// Halide reference algorithm for task `depthwise_conv1d_swish`: a depthwise 1-D convolution
// with 'same' zero padding (K odd) plus bias (batch norm folded), then SiLU:
//   v = depthwise_conv1d(x, weight, pad K/2) + bias,  y = v * sigmoid(v).
// Halide dimension 0 is the last PyTorch dimension: x(l, c, n) is x[n, c, l],
// weight(k, 0, c) is weight[c, 0, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, C, L]
    Halide::ImageParam weight{Halide::Float(32), 3, "weight"};  // [C, 1, K]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    Halide::Var l{"l"}, c{"c"}, n{"n"};  // y[n, c, l]: l time (L), c channels (C), n batch (1)
    Halide::RDom k;                      // the taps (K)
    Halide::Func x_padded{"x_padded"};   // x, zero outside [0, L) (the 'same' padding)
    Halide::Func conv{"conv"};           // the depthwise convolution: a reduction over k
    Halide::Func biased{"biased"};       // conv + bias
    Halide::Func y{"y"};                 // SiLU(biased): the output

    Algorithm() {
        Halide::Expr L = x.dim(0).extent();
        Halide::Expr K = weight.dim(0).extent();
        k = Halide::RDom(0, K, "k");
        x_padded(l, c, n) = Halide::BoundaryConditions::constant_exterior(x, 0.0f, {{0, L}})(l, c, n);
        conv(l, c, n) = 0.0f;
        conv(l, c, n) += weight(k, 0, c) * x_padded(l + k - K / 2, c, n);
        biased(l, c, n) = conv(l, c, n) + bias(c);
        y(l, c, n) = biased(l, c, n) * (1.0f / (1.0f + Halide::exp(-biased(l, c, n))));
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {y}}; }
};

}  // namespace task
