// Halide reference algorithm for task `warp_affine_bilinear`: the spatial-transformer sampler
// (affine_grid + grid_sample, bilinear, zero padding, align_corners=False). Per output pixel:
// (u, v) = ((2x + 1)/W - 1, (2y + 1)/H - 1), (gx, gy) = theta @ (u, v, 1), source
// coordinate ix = ((gx + 1) W - 1)/2, iy = ((gy + 1) H - 1)/2; out = the bilinear blend of
// the 4 pixels around (ix, iy), taps outside the image reading 0.
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x],
// theta(j, i) is theta[i, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 3, "img"};      // [C, H, W]
    Halide::ImageParam theta{Halide::Float(32), 2, "theta"};  // [2, 3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                       // out[c, y, x]
    Halide::Func padded{"padded"};  // img, 0 outside the image
    Halide::Func src_x{"src_x"}, src_y{"src_y"};  // the source pixel coordinate (ix, iy)
    Halide::Func out{"out"};        // the output

    Algorithm() {
        using namespace Halide;
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        Expr Wf = cast<float>(W), Hf = cast<float>(H);
        padded(x, y, c) = BoundaryConditions::constant_exterior(
            img, 0.0f, {{img.dim(0).min(), W}, {img.dim(1).min(), H}})(x, y, c);
        Expr u = (2.0f * cast<float>(x) + 1.0f) / Wf - 1.0f;
        Expr v = (2.0f * cast<float>(y) + 1.0f) / Hf - 1.0f;
        Expr gx = theta(0, 0) * u + theta(1, 0) * v + theta(2, 0);
        Expr gy = theta(0, 1) * u + theta(1, 1) * v + theta(2, 1);
        src_x(x, y) = ((gx + 1.0f) * Wf - 1.0f) * 0.5f;
        src_y(x, y) = ((gy + 1.0f) * Hf - 1.0f) * 0.5f;
        Expr fx = floor(src_x(x, y)), fy = floor(src_y(x, y));
        Expr x0 = cast<int32_t>(fx), y0 = cast<int32_t>(fy);
        Expr ax = src_x(x, y) - fx, ay = src_y(x, y) - fy;
        out(x, y, c) = (1.0f - ay) * ((1.0f - ax) * padded(x0, y0, c) + ax * padded(x0 + 1, y0, c)) +
                       ay * ((1.0f - ax) * padded(x0, y0 + 1, c) + ax * padded(x0 + 1, y0 + 1, c));
    }

    ekb::Kernel kernel() { return {{img, theta}, {out}}; }
};

}  // namespace task
