// Halide reference algorithm for task `complex_fir_decimate`: a real FIR low-pass evaluated
// only at every D-th sample of a complex signal, I and Q alike:
//   y[c, j, k2] = sum_k taps[k] * x[c, D j + k, k2]    D = 4 ('valid' cross-correlation)
// Halide dimension 0 is the last PyTorch dimension: x(k2, i, c) is x[c, i, k2] (k2 = 0 real,
// 1 imaginary); y(k2, j, c) is y[c, j, k2].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int factor = 4;  // the decimation factor D = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 3, "x"};        // [C, L, 2]
    Halide::ImageParam taps{Halide::Float(32), 1, "taps"};  // [K]
    Halide::Var k2{"k2"}, j{"j"}, c{"c"};  // k2: re/im, j: output sample, c: channel (C)
    Halide::RDom k;                        // over the taps
    Halide::Func fir{"fir"};               // the filter at the kept samples: a reduction over k
    Halide::Func y{"y"};                   // the output

    Algorithm() {
        k = Halide::RDom(0, taps.dim(0).extent(), "k");
        fir(k2, j, c) = 0.0f;
        fir(k2, j, c) += x(k2, j * factor + k, c) * taps(k);
        y(k2, j, c) = fir(k2, j, c);
    }

    ekb::Kernel kernel() { return {{x, taps}, {y}}; }
};

}  // namespace task
