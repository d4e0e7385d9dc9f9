// Halide reference algorithm for task `moving_average`: a causal 32-sample moving average of
// every channel (zero initial state), y[c, i] = (sum over k < 32 of x[c, i - k]) / 32, with
// x[c, j] = 0 for j < 0.
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i]; y(i, c) is y[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int window = 32;  // W = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};  // i: sample (L), c: channel (C)
    Halide::RDom k;              // over the window
    Halide::Func xpad{"xpad"};   // x, zero before the first sample
    Halide::Func wsum{"wsum"};   // the window sum
    Halide::Func y{"y"};         // the output

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        k = RDom(0, window, "k");
        xpad(i, c) = select(i >= 0, x(clamp(i, 0, L - 1), c), 0.0f);
        wsum(i, c) = 0.0f;
        wsum(i, c) += xpad(i - k, c);
        y(i, c) = wsum(i, c) / float(window);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
