// Halide reference algorithm for task `elu`: ELU with alpha 1,
// output = input > 0 ? input : alpha * (exp(input) - 1), elementwise, NCHW at batch 1, float32.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float alpha = 1.0f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func neg{"neg"};        // alpha * (exp(input) - 1), the negative branch
    Halide::Func output{"output"};  // the output: input where positive, else neg

    Algorithm() {
        using namespace Halide;
        neg(x, y, c, n) = alpha * (exp(input(x, y, c, n)) - 1.0f);
        output(x, y, c, n) = select(input(x, y, c, n) > 0.0f, input(x, y, c, n), neg(x, y, c, n));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
