// Halide reference algorithm for task `replicate_pad2`: edge-replicating padding by 2 on H and W,
// output[0, c, y, x] = input[0, c, clamp(y - 2, 0, H - 1), clamp(x - 2, 0, W - 1)],
// [1, C, H, W] -> [1, C, H + 4, W + 4].
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int pad = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: the padded input shifted by pad

    Algorithm() {
        using namespace Halide;
        Func bounded = BoundaryConditions::repeat_edge(
            input, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        output(x, y, c, n) = bounded(x - pad, y - pad, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
