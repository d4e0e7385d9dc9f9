// Halide reference algorithm for task `gaussian_pyramid`: three pyrDown levels. Per level
// (input `in` of extent W x H, output of extent (W+1)/2 x (H+1)/2):
//   padded = in with reflect-101 borders (mirror_interior),
//   blur_x(x, y) = sum_k w[k] * padded(2x + k - 2, y)        (decimated along x)
//   level(x, y)  = sum_k w[k] * blur_x(x, 2y + k - 2)        (decimated along y)
// with w = [1, 4, 6, 4, 1] / 16.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                            // level_k[y, x]
    // Per level k = 1, 2, 3 (index k - 1): its reflect-padded input, the horizontal pass and
    // the level (an output).
    Halide::Func padded[3] = {Halide::Func{"padded1"}, Halide::Func{"padded2"}, Halide::Func{"padded3"}};
    Halide::Func blur_x[3] = {Halide::Func{"blur_x1"}, Halide::Func{"blur_x2"}, Halide::Func{"blur_x3"}};
    Halide::Func level[3] = {Halide::Func{"level1"}, Halide::Func{"level2"}, Halide::Func{"level3"}};

    Algorithm() {
        using namespace Halide;
        const float taps[5] = {1.0f, 4.0f, 6.0f, 4.0f, 1.0f};  // = get_init_inputs() in reference.py
        const float norm = 1.0f / 16.0f;                       // 1 / sum(taps)
        Func in = img;
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        for (int l = 0; l < 3; l++) {
            padded[l](x, y) = BoundaryConditions::mirror_interior(in, {{0, W}, {0, H}})(x, y);
            Expr sx = 0.0f;
            for (int k = 0; k < 5; k++) sx += (taps[k] * norm) * padded[l](2 * x + k - 2, y);
            blur_x[l](x, y) = sx;
            Expr sy = 0.0f;
            for (int k = 0; k < 5; k++) sy += (taps[k] * norm) * blur_x[l](x, 2 * y + k - 2);
            level[l](x, y) = sy;
            in = level[l];
            W = (W + 1) / 2;
            H = (H + 1) / 2;
        }
    }

    ekb::Kernel kernel() { return {{img}, {level[0], level[1], level[2]}}; }
};

}  // namespace task
