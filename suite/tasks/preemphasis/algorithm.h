// Halide reference algorithm for task `preemphasis`: y[c, n] = x[c, n] - 0.97 * x[c, n - 1],
// with x[c, -1] taken as zero (so y[c, 0] = x[c, 0]), float32.
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float coeff = 0.97f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var n{"n"}, c{"c"};      // y[c, n]: n sample (L), c channel (C)
    Halide::Func padded{"padded"};   // x with zeros outside [0, L) along time
    Halide::Func y{"y"};             // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the time extent; channels are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(x, 0.0f, {{x.dim(0).min(), x.dim(0).extent()}});
        padded(n, c) = bounded(n, c);
        y(n, c) = x(n, c) - coeff * padded(n - 1, c);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
