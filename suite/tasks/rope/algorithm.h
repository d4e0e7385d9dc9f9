// Halide reference algorithm for task `rope`: rotary position embedding, the rotate-half
// variant of LLaMA: y = x * cos + rotate_half(x) * sin, with
// rotate_half(x) = cat(-x[..., Dh/2:], x[..., :Dh/2]) over the head dimension Dh (even).
// Halide dimension 0 is the last PyTorch dimension: x(d, t, h) is x[h, t, d], cos(d, t) is
// cos[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};    // [H, T, Dh]
    Halide::ImageParam cos{Halide::Float(32), 2, "cos"};  // [T, Dh]
    Halide::ImageParam sin{Halide::Float(32), 2, "sin"};  // [T, Dh]
    Halide::Var d{"d"}, t{"t"}, h{"h"};  // y[h, t, d]: d head dim (Dh), t tokens (T), h heads (H)
    Halide::Func rot{"rot"};  // rotate_half(x): -x[d + Dh/2] in the first half, x[d - Dh/2] in the second
    Halide::Func y{"y"};      // the output: x * cos + rot * sin

    Algorithm() {
        Halide::Expr dh = x.dim(0).extent();
        Halide::Expr half = dh / 2;
        // (d + half) % dh is d + half in the first half and d - half in the second.
        Halide::Expr partner = x((d + half) % dh, t, h);
        rot(d, t, h) = Halide::select(d < half, -partner, partner);
        y(d, t, h) = x(d, t, h) * cos(d, t) + rot(d, t, h) * sin(d, t);
    }

    ekb::Kernel kernel() { return {{x, cos, sin}, {y}}; }
};

}  // namespace task
