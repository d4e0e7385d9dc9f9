// Halide reference algorithm for task `tonemap_reinhard`: extended Reinhard global tone
// mapping through the luminance ratio: L = Rec. 709 luminance, Ls = e L,
// ratio = Ld / L = e (1 + Ls / Lw^2) / (1 + Ls), out = clamp(rgb * ratio, 0, 1).
// Halide dimension 0 is the last PyTorch dimension: rgb(x, y, c) is rgb[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam rgb{Halide::Float(32), 3, "rgb"};  // [3, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                   // out[c, y, x]
    Halide::Func ratio{"ratio"};  // ratio(x, y) = Ld / L of the pixel
    Halide::Func out{"out"};      // the output

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float wr = 0.2126f, wg = 0.7152f, wb = 0.0722f, exposure = 0.5f, white = 4.0f;
        Expr lum = wr * rgb(x, y, 0) + wg * rgb(x, y, 1) + wb * rgb(x, y, 2);
        Expr ls = exposure * lum;
        ratio(x, y) = exposure * (1.0f + ls / (white * white)) / (1.0f + ls);
        out(x, y, c) = clamp(rgb(x, y, c) * ratio(x, y), 0.0f, 1.0f);
    }

    ekb::Kernel kernel() { return {{rgb}, {out}}; }
};

}  // namespace task
