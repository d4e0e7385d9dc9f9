// Halide reference algorithm for task `fir_decimate`: a FIR low-pass evaluated only at every
// D-th sample, y[c, j] = sum_k x[c, D j + k] * taps[k], D = 3 ('valid' cross-correlation).
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i], y(j, c) is y[c, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int factor = 3;  // the decimation factor D = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [C, L]
    Halide::ImageParam taps{Halide::Float(32), 1, "taps"};  // [K]
    Halide::Var j{"j"}, c{"c"};  // y[c, j]: j output sample ((L - K) / D + 1), c channel (C)
    Halide::RDom k;              // over the taps
    Halide::Func fir{"fir"};     // the filter at the kept samples: a reduction over k
    Halide::Func y{"y"};         // the output

    Algorithm() {
        k = Halide::RDom(0, taps.dim(0).extent(), "k");
        fir(j, c) = 0.0f;
        fir(j, c) += x(j * factor + k, c) * taps(k);
        y(j, c) = fir(j, c);
    }

    ekb::Kernel kernel() { return {{x, taps}, {y}}; }
};

}  // namespace task
