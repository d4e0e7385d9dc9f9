// Halide reference algorithm for task `undistort_remap`: radial (k1, k2) undistortion with the
// map computed on the fly. f = 0.75 W, (cx, cy) = ((W-1)/2, (H-1)/2); per output pixel
// xn = (x - cx)/f, yn = (y - cy)/f, d = 1 + k1 r2 + k2 r2^2 (r2 = xn^2 + yn^2), source
// (f xn d + cx, f yn d + cy), sampled bilinearly with taps outside the image reading 0.
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 3, "img"};  // [C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                   // out[c, y, x]
    Halide::Func padded{"padded"};                // img, 0 outside the image
    Halide::Func src_x{"src_x"}, src_y{"src_y"};  // the distorted source position
    Halide::Func out{"out"};                      // the output

    Algorithm() {
        using namespace Halide;
        const float focal_ratio = 0.75f, k1 = -0.28f, k2 = 0.07f;  // = get_init_inputs()
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        Expr f = focal_ratio * cast<float>(W);
        Expr cx = cast<float>(W - 1) / 2.0f, cy = cast<float>(H - 1) / 2.0f;
        padded(x, y, c) = BoundaryConditions::constant_exterior(
            img, 0.0f, {{img.dim(0).min(), W}, {img.dim(1).min(), H}})(x, y, c);
        Expr xn = (cast<float>(x) - cx) / f, yn = (cast<float>(y) - cy) / f;
        Expr r2 = xn * xn + yn * yn;
        Expr d = 1.0f + k1 * r2 + k2 * r2 * r2;
        src_x(x, y) = f * xn * d + cx;
        src_y(x, y) = f * yn * d + cy;
        Expr fx = floor(src_x(x, y)), fy = floor(src_y(x, y));
        Expr x0 = cast<int32_t>(fx), y0 = cast<int32_t>(fy);
        Expr ax = src_x(x, y) - fx, ay = src_y(x, y) - fy;
        out(x, y, c) = (1.0f - ay) * ((1.0f - ax) * padded(x0, y0, c) + ax * padded(x0 + 1, y0, c)) +
                       ay * ((1.0f - ax) * padded(x0, y0 + 1, c) + ax * padded(x0 + 1, y0 + 1, c));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
