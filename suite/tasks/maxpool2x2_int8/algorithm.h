// Halide reference algorithm for task `maxpool2x2_int8`: int8 2x2 max pooling, stride 2, no
// padding (an odd last row or column is dropped), NCHW at batch 1:
//   output[c, y, x] = max over dy, dx in {0, 1} of input[c, 2y + dy, 2x + dx]
// The output keeps the input's scale and zero point (max commutes with the quantization).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kernel_size = 2;  // the window and the stride: reference.py's get_init_inputs()

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};            // output[n, c, y, x]
    Halide::RDom r;                 // r.x: dx, r.y: dy within the window
    Halide::Func pooled{"pooled"};  // the running max over the window, int8
    Halide::Func output{"output"};  // the output [1, C, H / 2, W / 2]

    Algorithm() {
        using namespace Halide;
        r = RDom(0, kernel_size, 0, kernel_size, "r");
        pooled(x, y, c, n) = Int(8).min();
        pooled(x, y, c, n) = max(pooled(x, y, c, n), input(x * kernel_size + r.x, y * kernel_size + r.y, c, n));
        output(x, y, c, n) = pooled(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
