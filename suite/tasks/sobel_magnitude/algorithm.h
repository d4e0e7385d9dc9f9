// Halide reference algorithm for task `sobel_magnitude`: the 3x3 Sobel responses gx, gy of a
// single-channel image with clamp-to-edge borders, and out = sqrt(gx^2 + gy^2).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                           // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func gx{"gx"};            // smoothing [1, 2, 1] along y x derivative [-1, 0, 1] along x
    Halide::Func gy{"gy"};            // smoothing [1, 2, 1] along x x derivative [-1, 0, 1] along y
    Halide::Func out{"out"};          // the output: sqrt(gx^2 + gy^2)

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float smooth[3] = {1.0f, 2.0f, 1.0f};
        const float deriv[3] = {-1.0f, 0.0f, 1.0f};
        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr sx = 0.0f, sy = 0.0f;
        for (int j = 0; j < 3; j++) {
            for (int i = 0; i < 3; i++) {
                // tap (i, j) reads clamped(x + i - 1, y + j - 1); zero taps are left out
                if (smooth[j] * deriv[i] != 0.0f) sx += (smooth[j] * deriv[i]) * clamped(x + i - 1, y + j - 1);
                if (deriv[j] * smooth[i] != 0.0f) sy += (deriv[j] * smooth[i]) * clamped(x + i - 1, y + j - 1);
            }
        }
        gx(x, y) = sx;
        gy(x, y) = sy;
        out(x, y) = sqrt(gx(x, y) * gx(x, y) + gy(x, y) * gy(x, y));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
