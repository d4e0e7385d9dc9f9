// Halide reference algorithm for task `iir_biquad`: a biquad IIR filter (direct form I) along
// time for each channel, zero initial state:
// y[c, n] = b0 x[c, n] + b1 x[c, n-1] + b2 x[c, n-2] - a1 y[c, n-1] - a2 y[c, n-2].
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py: scipy.signal.butter(2, 0.1), a Butterworth low-pass.
    static constexpr float b0 = 0.020083365564211236f, b1 = 0.04016673112842247f,
                           b2 = 0.020083365564211236f;
    static constexpr float a1 = -1.5610180758007182f, a2 = 0.6413515380575632f;

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var n{"n"}, c{"c"};   // y[c, n]: n sample (L), c channel (C)
    Halide::RDom r;               // n = 0 .. L-1: the serial recurrence over time
    Halide::Func padded{"padded"};  // x with zeros outside [0, L) along time
    Halide::Func ff{"ff"};          // the feed-forward part b0 x[n] + b1 x[n-1] + b2 x[n-2]
    Halide::Func rec{"rec"};        // the recursion: rec(n) = ff(n) - a1 rec(n-1) - a2 rec(n-2)
    Halide::Func y{"y"};            // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the time extent; channels are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(x, 0.0f, {{x.dim(0).min(), x.dim(0).extent()}});
        padded(n, c) = bounded(n, c);
        ff(n, c) = b0 * padded(n, c) + b1 * padded(n - 1, c) + b2 * padded(n - 2, c);
        r = RDom(0, x.dim(0).extent(), "r");
        // The pure definition also covers n = -2 and -1 (read by the first two steps), where
        // ff is zero: the zero initial state.
        rec(n, c) = ff(n, c);
        rec(r, c) = rec(r, c) - a1 * rec(r - 1, c) - a2 * rec(r - 2, c);
        y(n, c) = rec(n, c);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
