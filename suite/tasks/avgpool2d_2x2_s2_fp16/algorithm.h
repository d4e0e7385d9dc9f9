// Halide reference algorithm for task `avgpool2d_2x2_s2_fp16`: 2x2 average pooling, stride 2,
// no padding, NCHW at batch 1. Floor semantics: the output has H / 2 rows and W / 2 columns,
// so every window lies inside the input and an odd last row or column is never read.
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int kernel_size = 2, stride = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::RDom r;                 // r.x: tap kx, r.y: tap ky
    Halide::Func pool{"pool"};      // the sum over the 2x2 window
    Halide::Func output{"output"};  // pool / 4

    Algorithm() {
        using namespace Halide;
        r = RDom(0, kernel_size, 0, kernel_size, "r");
        pool(x, y, c, n) = 0.0f;
        pool(x, y, c, n) += Halide::cast<float>(input(x * stride + r.x, y * stride + r.y, c, n));
        output(x, y, c, n) = Halide::cast(Halide::Float(16), pool(x, y, c, n) * (1.0f / (kernel_size * kernel_size)));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
