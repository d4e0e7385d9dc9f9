// Halide reference algorithm for task `space_to_depth_focus`: YOLOv5's Focus, output channel
// q * C + c holds phase q of input channel c, phases (dy, dx) = (0, 0), (1, 0), (0, 1), (1, 1):
// output[0, q*C + c, y, x] = input[0, c, 2y + dy, 2x + dx], [1, C, 2H, 2W] -> [1, 4C, H, W].
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, 2H, 2W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: phase c / C of input channel c % C

    Algorithm() {
        using namespace Halide;
        Expr C = input.dim(2).extent();
        Expr q = c / C, ch = c % C;
        Expr dy = q % 2, dx = q / 2;
        output(x, y, c, n) = input(2 * x + dx, 2 * y + dy, ch, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
