// Halide reference algorithm for task `maxpool2d_3x3_s2_fp16`: 3x3 max pooling, stride 2,
// padding 1, NCHW at batch 1. Positions outside the input count as -inf (PyTorch's
// max_pool2d); every window holds at least one real pixel, so the padding never wins.
// float16 in and out (torch.half): exact, the output is one of the inputs.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

#include <limits>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::RDom r;                 // r.x: tap kx, r.y: tap ky
    Halide::Func padded{"padded"};  // input with -inf outside [0, W) x [0, H) (padding 1)
    Halide::Func pool{"pool"};      // the running maximum over the 3x3 window
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        const int kernel_size = 3, stride = 2, pad = 1;  // = get_init_inputs() in reference.py
        const float neg_inf = -std::numeric_limits<float>::infinity();
        // -inf only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, Halide::cast(Halide::Float(16), neg_inf), {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = cast<float>(bounded(x, y, c, n));  // exact: float16 widens to float

        r = RDom(0, kernel_size, 0, kernel_size, "r");
        pool(x, y, c, n) = neg_inf;
        pool(x, y, c, n) = max(pool(x, y, c, n), padded(x * stride + r.x - pad, y * stride + r.y - pad, c, n));
        output(x, y, c, n) = Halide::cast(Halide::Float(16), pool(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
