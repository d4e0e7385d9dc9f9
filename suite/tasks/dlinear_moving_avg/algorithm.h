// Halide reference algorithm for task `dlinear_moving_avg`: a moving average of 25 samples
// centred on each sample, the series extended at both ends by repeating its first and last
// sample (DLinear's moving_avg), [1, C, L] -> [1, C, L], float32.
// Halide dimension 0 is the last PyTorch dimension: input(l, c, n) is input[n, c, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int kernel_size = 25;            // = get_init_inputs() in reference.py
    static constexpr int pad = (kernel_size - 1) / 2;  // 12 repeated samples at each end

    Halide::ImageParam input{Halide::Float(32), 3, "input"};  // [1, C, L]
    Halide::Var l{"l"}, c{"c"}, n{"n"};                       // output[n, c, l]
    Halide::RDom r;                 // over the window
    Halide::Func padded{"padded"};  // the series with its end samples repeated outside [0, L)
    Halide::Func total{"total"};    // the sum of the window
    Halide::Func output{"output"};  // the output: total / 25

    Algorithm() {
        using namespace Halide;
        Expr L = input.dim(0).extent();
        padded(l, c, n) = input(clamp(l, 0, L - 1), c, n);
        r = RDom(0, kernel_size, "r");
        total(l, c, n) = 0.0f;
        total(l, c, n) += padded(l - pad + r, c, n);
        output(l, c, n) = total(l, c, n) / float(kernel_size);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
