// Halide reference algorithm for task `fir_filter`: a bank of per-channel FIR filters,
// 'valid' convolution: y[c, n] = sum_k x[c, n + k] * taps[c, k] (cross-correlation).
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n], taps(k, c) is taps[c, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [C, L]
    Halide::ImageParam taps{Halide::Float(32), 2, "taps"};  // [C, K]
    Halide::Var n{"n"}, c{"c"};  // y[c, n]: n output samples (L - K + 1), c channels (C)
    Halide::RDom k;              // over the taps of a channel
    Halide::Func fir{"fir"};     // the reduction over k
    Halide::Func y{"y"};         // the output

    Algorithm() {
        k = Halide::RDom(0, taps.dim(0).extent(), "k");
        fir(n, c) = 0.0f;
        fir(n, c) += x(n + k, c) * taps(k, c);
        y(n, c) = fir(n, c);
    }

    ekb::Kernel kernel() { return {{x, taps}, {y}}; }
};

}  // namespace task
