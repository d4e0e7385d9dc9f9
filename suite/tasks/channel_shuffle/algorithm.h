// Halide reference algorithm for task `channel_shuffle`: ShuffleNet channel shuffle with
// g = 4 groups, [1, C, H, W] -> reshape [1, g, C/g, H, W] -> transpose(1, 2) -> reshape
// [1, C, H, W]: output channel i*g + j is input channel j*(C/g) + i. C is a multiple of g.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int groups = 4;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Var i{"i"}, j{"j"};     // i: channel within a group (C/g), j: group (g)
    Halide::Func grouped{"grouped"};  // the [1, g, C/g, H, W] view: grouped(x, y, i, j, n)
    Halide::Func output{"output"};    // the output: grouped transposed, output channel i*g + j

    Algorithm() {
        using namespace Halide;
        Expr per_group = input.dim(2).extent() / groups;  // C / g
        grouped(x, y, i, j, n) = input(x, y, j * per_group + i, n);
        output(x, y, c, n) = grouped(x, y, c / groups, c % groups, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
