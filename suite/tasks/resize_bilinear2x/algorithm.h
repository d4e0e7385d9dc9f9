// Halide reference algorithm for task `resize_bilinear2x`: bilinear upsampling by 2 with
// align_corners=False, NCHW at batch 1 ([1, C, H, W] -> [1, C, 2H, 2W]), computed as PyTorch
// does: source coordinate s = max((d + 0.5) / 2 - 0.5, 0), lower neighbour floor(s), upper
// neighbour clamped at the last pixel, weight s - floor(s); rows of the input are
// interpolated along x first, then those rows along y (PyTorch's order of operations).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int scale_factor = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]; hinterp's y is an input row
    Halide::Func hinterp{"hinterp"};  // input rows interpolated to the output columns
    Halide::Func output{"output"};    // hinterp rows interpolated to the output rows

    Algorithm() {
        using namespace Halide;
        const float scale = 1.0f / scale_factor;  // PyTorch's source/destination scale
        Expr w = input.dim(0).extent(), h = input.dim(1).extent();

        Expr sx = max((cast<float>(x) + 0.5f) * scale - 0.5f, 0.0f);
        Expr x0 = min(cast<int>(sx), w - 1);  // floor (sx >= 0); the min only helps bounds inference
        Expr x1 = min(x0 + 1, w - 1);
        Expr lx = sx - cast<float>(x0);
        hinterp(x, y, c, n) = (1.0f - lx) * input(x0, y, c, n) + lx * input(x1, y, c, n);

        Expr sy = max((cast<float>(y) + 0.5f) * scale - 0.5f, 0.0f);
        Expr y0 = min(cast<int>(sy), h - 1);
        Expr y1 = min(y0 + 1, h - 1);
        Expr ly = sy - cast<float>(y0);
        output(x, y, c, n) = (1.0f - ly) * hinterp(x, y0, c, n) + ly * hinterp(x, y1, c, n);
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
