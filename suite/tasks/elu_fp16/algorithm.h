// Halide reference algorithm for task `elu_fp16`: ELU with alpha 1,
// output = input > 0 ? input : alpha * (exp(input) - 1), elementwise, NCHW at batch 1, float16
// in and out (torch.half), computed in float and rounded to float16 once, as PyTorch's CPU half
// kernels do (opmath float).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float alpha = 1.0f;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func neg{"neg"};        // alpha * (exp(input) - 1), the negative branch
    Halide::Func output{"output"};  // the output: input where positive, else neg

    Algorithm() {
        using namespace Halide;
        Expr v = cast<float>(input(x, y, c, n));
        neg(x, y, c, n) = alpha * (exp(v) - 1.0f);
        output(x, y, c, n) = cast(Float(16), select(v > 0.0f, v, neg(x, y, c, n)));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
