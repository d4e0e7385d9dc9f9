// Halide reference algorithm for task `unsharp_mask`: a separable 5x5 Gaussian blur (the
// 5-tap [1, 4, 6, 4, 1] / 16 along x then along y, per channel, clamp-to-edge borders), then
// out = clamp(img + amount * (img - blur), 0, 1).
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 3, "img"};  // [C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                   // out[c, y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func blur_x{"blur_x"};    // the 5 taps along x
    Halide::Func blur_y{"blur_y"};    // the 5 taps along y, over blur_x: the blurred image
    Halide::Func sharp{"sharp"};      // img + amount * (img - blur_y)
    Halide::Func out{"out"};          // the output: sharp clamped to [lo, hi]

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float taps[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};
        const float norm = 1.0f / 16.0f;  // 1 / sum(taps)
        const float amount = 1.5f, lo = 0.0f, hi = 1.0f;
        // Clamp only the spatial dimensions; the channel is never out of range.
        Func bounded = BoundaryConditions::repeat_edge(
            img, {{img.dim(0).min(), img.dim(0).extent()}, {img.dim(1).min(), img.dim(1).extent()}});
        clamped(x, y, c) = bounded(x, y, c);

        Expr sx = 0.0f;
        for (int k = 0; k < 5; k++) sx += (taps[k] * norm) * clamped(x + k - 2, y, c);
        blur_x(x, y, c) = sx;
        Expr sy = 0.0f;
        for (int k = 0; k < 5; k++) sy += (taps[k] * norm) * blur_x(x, y + k - 2, c);
        blur_y(x, y, c) = sy;
        sharp(x, y, c) = img(x, y, c) + amount * (img(x, y, c) - blur_y(x, y, c));
        out(x, y, c) = clamp(sharp(x, y, c), lo, hi);
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
