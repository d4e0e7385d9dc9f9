// Halide reference algorithm for task `rgb_to_yuv`: BT.601 full-range RGB -> YUV (YCbCr) of a
// planar image, yuv[c] = sum over k of M[c][k] * rgb[k] + offset[c].
// Halide dimension 0 is the last PyTorch dimension: rgb(x, y, c) is rgb[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam rgb{Halide::Float(32), 3, "rgb"};  // [3, H, W], planes R, G, B
    Halide::Var x{"x"}, y{"y"}, c{"c"};                   // yuv[c, y, x]: c is the output plane
    Halide::Func luma{"luma"};      // Y  =  0.299    R + 0.587    G + 0.114    B
    Halide::Func cb{"cb"};          // Cb = -0.168736 R - 0.331264 G + 0.5      B + 0.5
    Halide::Func cr{"cr"};          // Cr =  0.5      R - 0.418688 G - 0.081312 B + 0.5
    Halide::Func yuv{"yuv"};        // the output: planes Y, Cb, Cr

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py: rows Y, Cb, Cr; columns R, G, B; offsets.
        const float m[3][3] = {
            {0.299f, 0.587f, 0.114f},
            {-0.168736f, -0.331264f, 0.5f},
            {0.5f, -0.418688f, -0.081312f},
        };
        const float offset[3] = {0.0f, 0.5f, 0.5f};
        Expr r = rgb(x, y, 0), g = rgb(x, y, 1), b = rgb(x, y, 2);
        luma(x, y) = m[0][0] * r + m[0][1] * g + m[0][2] * b + offset[0];
        cb(x, y) = m[1][0] * r + m[1][1] * g + m[1][2] * b + offset[1];
        cr(x, y) = m[2][0] * r + m[2][1] * g + m[2][2] * b + offset[2];
        yuv(x, y, c) = mux(c, {luma(x, y), cb(x, y), cr(x, y)});
    }

    ekb::Kernel kernel() { return {{rgb}, {yuv}}; }
};

}  // namespace task
