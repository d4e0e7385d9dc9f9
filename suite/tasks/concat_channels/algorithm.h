// Halide reference algorithm for task `concat_channels`: output channel c is a's channel c for
// c < C1 and b's channel c - C1 after it, [1, C1, H, W] + [1, C2, H, W] -> [1, C1 + C2, H, W].
// Halide dimension 0 is the last PyTorch dimension: a(x, y, c, n) is a[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam a{Halide::Float(32), 4, "a"};  // [1, C1, H, W]
    Halide::ImageParam b{Halide::Float(32), 4, "b"};  // [1, C2, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};       // output[n, c, y, x]
    Halide::Func output{"output"};  // the output: a's channel c, or b's channel c - C1

    Algorithm() {
        using namespace Halide;
        Expr C1 = a.dim(2).extent(), C2 = b.dim(2).extent();
        // The clamps keep both reads in bounds; the select picks the one that applies.
        output(x, y, c, n) = select(c < C1, a(x, y, clamp(c, 0, C1 - 1), n), b(x, y, clamp(c - C1, 0, C2 - 1), n));
    }

    ekb::Kernel kernel() { return {{a, b}, {output}}; }
};

}  // namespace task
