// Halide reference algorithm for task `blur_sobel`: a separable 5x5 Gaussian blur (the 5-tap
// [1, 4, 6, 4, 1] / 16 along x then along y) of a single-channel image with clamp-to-edge
// borders, then the 3x3 Sobel responses gx, gy of the blurred image, again with clamp-to-edge
// borders, and out = sqrt(gx^2 + gy^2).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                           // out[y, x]
    Halide::Func clamped{"clamped"};            // img with x, y clamped to the image
    Halide::Func blur_x{"blur_x"};              // the 5 Gaussian taps along x
    Halide::Func blur_y{"blur_y"};              // the 5 Gaussian taps along y, over blur_x
    Halide::Func blur_clamped{"blur_clamped"};  // blur_y with x, y clamped to the image
    Halide::Func gx{"gx"};  // smoothing [1, 2, 1] along y x derivative [-1, 0, 1] along x
    Halide::Func gy{"gy"};  // smoothing [1, 2, 1] along x x derivative [-1, 0, 1] along y
    Halide::Func out{"out"};  // the output: sqrt(gx^2 + gy^2)

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float taps[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};
        const float norm = 1.0f / 16.0f;  // 1 / sum(taps)
        const float smooth[3] = {1.0f, 2.0f, 1.0f};
        const float deriv[3] = {-1.0f, 0.0f, 1.0f};
        const Expr W = img.dim(0).extent(), H = img.dim(1).extent();

        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr bx = 0.0f;
        for (int k = 0; k < 5; k++) bx += (taps[k] * norm) * clamped(x + k - 2, y);
        blur_x(x, y) = bx;
        Expr by = 0.0f;
        for (int k = 0; k < 5; k++) by += (taps[k] * norm) * blur_x(x, y + k - 2);
        blur_y(x, y) = by;
        blur_clamped(x, y) = BoundaryConditions::repeat_edge(blur_y, {{0, W}, {0, H}})(x, y);

        Expr sx = 0.0f, sy = 0.0f;
        for (int j = 0; j < 3; j++) {
            for (int i = 0; i < 3; i++) {
                // tap (i, j) reads blur_clamped(x + i - 1, y + j - 1); zero taps are left out
                Expr b = blur_clamped(x + i - 1, y + j - 1);
                if (smooth[j] * deriv[i] != 0.0f) sx += (smooth[j] * deriv[i]) * b;
                if (deriv[j] * smooth[i] != 0.0f) sy += (deriv[j] * smooth[i]) * b;
            }
        }
        gx(x, y) = sx;
        gy(x, y) = sy;
        out(x, y) = sqrt(gx(x, y) * gx(x, y) + gy(x, y) * gy(x, y));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
