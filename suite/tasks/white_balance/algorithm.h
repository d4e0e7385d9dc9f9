// Halide reference algorithm for task `white_balance`: per-channel gains on a planar RGB
// image, then clamp to [0, 1].
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 3, "img"};      // [3, H, W]
    Halide::ImageParam gains{Halide::Float(32), 1, "gains"};  // [3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                       // out[c, y, x]
    Halide::Func scaled{"scaled"};  // img[c] * gains[c]
    Halide::Func out{"out"};        // the output: scaled clamped to [lo, hi]

    Algorithm() {
        using namespace Halide;
        const float lo = 0.0f, hi = 1.0f;  // = get_init_inputs() in reference.py
        scaled(x, y, c) = img(x, y, c) * gains(c);
        out(x, y, c) = clamp(scaled(x, y, c), lo, hi);
    }

    ekb::Kernel kernel() { return {{img, gains}, {out}}; }
};

}  // namespace task
