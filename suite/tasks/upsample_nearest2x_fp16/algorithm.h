// Halide reference algorithm for task `upsample_nearest2x_fp16`: nearest-neighbour upsampling by
// 2, NCHW at batch 1 ([1, C, H, W] -> [1, C, 2H, 2W]): every input pixel becomes a 2x2 block.
// float16 in and out (torch.half): exact, the output is one of the inputs.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int scale_factor = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // input at the nearest source pixel (x / 2, y / 2)

    Algorithm() {
        // Halide's integer division rounds down, as PyTorch's floor(dst * in / out) does here.
        output(x, y, c, n) = input(x / scale_factor, y / scale_factor, c, n);  // float16 copied as is
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
