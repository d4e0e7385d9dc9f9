// Halide reference algorithm for task `bilinear_resize_conv1x1`: bilinear upsampling by 2
// with align_corners=False, then a 1x1 convolution with bias, NCHW at batch 1
// ([1, CI, H, W] -> [1, CI, 2H, 2W] -> [1, CO, 2H, 2W]). The upsampling is computed as
// PyTorch does: source coordinate s = max((d + 0.5) / 2 - 0.5, 0), lower neighbour floor(s),
// upper neighbour clamped at the last pixel, weight s - floor(s); input rows are
// interpolated along x first, then those rows along y (PyTorch's order of operations).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x],
// weight(0, 0, ci, co) is weight[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int scale_factor = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CO, CI, 1, 1]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    // output[n, c, y, x]; in hinterp y is an input row, in hinterp and up c is an input channel.
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};
    Halide::RDom ci;                  // the input channels of the 1x1 convolution
    Halide::Func hinterp{"hinterp"};  // input rows interpolated to the output columns
    Halide::Func up{"up"};            // hinterp rows interpolated to the output rows: the 2x map
    Halide::Func conv{"conv"};        // conv1x1(up, weight): the reduction over ci
    Halide::Func output{"output"};    // conv + bias: the output

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
        up(x, y, c, n) = (1.0f - ly) * hinterp(x, y0, c, n) + ly * hinterp(x, y1, c, n);

        ci = RDom(0, input.dim(2).extent(), "ci");
        conv(x, y, c, n) = 0.0f;
        conv(x, y, c, n) += weight(0, 0, ci, c) * up(x, y, ci, n);
        output(x, y, c, n) = conv(x, y, c, n) + bias(c);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
