// Halide reference algorithm for task `maxpool1d_k4`: 1-D max pooling over non-overlapping
// windows of 4 samples, [1, C, L] -> [1, C, L / 4] (a trailing partial window is dropped).
// Halide dimension 0 is the last PyTorch dimension: input(l, c, n) is input[n, c, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int kernel_size = 4;  // = get_init_inputs() in reference.py (stride = kernel)

    Halide::ImageParam input{Halide::Float(32), 3, "input"};  // [1, C, L]
    Halide::Var l{"l"}, c{"c"}, n{"n"};                       // output[n, c, l]
    Halide::RDom r;                 // over the window
    Halide::Func pool{"pool"};      // the running maximum of the window
    Halide::Func output{"output"};  // the output: pool

    Algorithm() {
        using namespace Halide;
        r = RDom(1, kernel_size - 1, "r");
        pool(l, c, n) = input(l * kernel_size, c, n);
        pool(l, c, n) = max(pool(l, c, n), input(l * kernel_size + r, c, n));
        output(l, c, n) = pool(l, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
