// Halide reference algorithm for task `sum_rows`: the sum of each row of x [R, L] (the energy
// of each frame of a power spectrogram), float32.
// Halide dimension 0 is the last PyTorch dimension: x(l, r) is x[r, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [R, L]
    Halide::Var r{"r"};                               // y[r]: one row (frame)
    Halide::RDom k;                                   // over the columns (bins) of a row
    Halide::Func total{"total"};  // the running sum of the row
    Halide::Func y{"y"};          // the output: total

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        total(r) = 0.0f;
        total(r) += x(k, r);
        y(r) = total(r);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
