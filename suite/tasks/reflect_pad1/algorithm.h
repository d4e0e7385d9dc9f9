// Halide reference algorithm for task `reflect_pad1`: reflection padding by 1 on H and W,
// output[0, c, y, x] = input[0, c, reflect(y - 1), reflect(x - 1)], where reflect mirrors
// around the border pixel without repeating it (Halide's mirror_interior), [1, C, H, W] ->
// [1, C, H + 2, W + 2].
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int pad = 1;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: the padded input shifted by pad

    Algorithm() {
        using namespace Halide;
        Func bounded = BoundaryConditions::mirror_interior(
            input, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        output(x, y, c, n) = bounded(x - pad, y - pad, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
