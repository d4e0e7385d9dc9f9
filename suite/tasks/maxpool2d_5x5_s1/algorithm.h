// Halide reference algorithm for task `maxpool2d_5x5_s1`: 5x5 max pooling, stride 1, padding
// 2, NCHW at batch 1 (SPPF). Positions outside the input count as -inf (PyTorch's
// max_pool2d); every window holds its centre pixel, so the padding never wins.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <limits>

namespace task {

struct Algorithm {
    static constexpr int kernel_size = 5, pad = 2;  // = get_init_inputs() in reference.py (stride 1)

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::RDom r;                 // r.x: tap dx + 2, r.y: tap dy + 2
    Halide::Func padded{"padded"};  // input with -inf outside [0, W) x [0, H)
    Halide::Func pool{"pool"};      // the running maximum over the 5x5 window
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        const float neg_inf = -std::numeric_limits<float>::infinity();
        Func bounded = BoundaryConditions::constant_exterior(
            input, neg_inf, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);
        r = RDom(0, kernel_size, 0, kernel_size, "r");
        pool(x, y, c, n) = neg_inf;
        pool(x, y, c, n) = max(pool(x, y, c, n), padded(x + r.x - pad, y + r.y - pad, c, n));
        output(x, y, c, n) = pool(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
