// Halide reference algorithm for task `harris_response`: the Harris corner response of a
// single-channel image. ix, iy = 3x3 Sobel responses scaled by 1/12 (clamp-to-edge reads of
// img); sxx, syy, sxy = 3x3 box sums of the products ix*ix, iy*iy, ix*iy (clamp-to-edge reads
// of the products); out = sxx*syy - sxy^2 - k*(sxx + syy)^2.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                           // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func ix{"ix"};            // Sobel derivative along x, times scale
    Halide::Func iy{"iy"};            // Sobel derivative along y, times scale
    Halide::Func ixx{"ixx"}, iyy{"iyy"}, ixy{"ixy"};  // the structure-tensor products
    Halide::Func sxx{"sxx"}, syy{"syy"}, sxy{"sxy"};  // their 3x3 box sums (clamped reads)
    Halide::Func out{"out"};  // the output: det - k * trace^2

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float smooth[3] = {1.0f, 2.0f, 1.0f};
        const float deriv[3] = {-1.0f, 0.0f, 1.0f};
        const float scale = 1.0f / 12.0f, k = 0.04f;
        const Expr W = img.dim(0).extent(), H = img.dim(1).extent();

        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr gx = 0.0f, gy = 0.0f;
        for (int j = 0; j < 3; j++) {
            for (int i = 0; i < 3; i++) {
                // tap (i, j) reads clamped(x + i - 1, y + j - 1); zero taps are left out
                Expr v = clamped(x + i - 1, y + j - 1);
                if (smooth[j] * deriv[i] != 0.0f) gx += (smooth[j] * deriv[i] * scale) * v;
                if (deriv[j] * smooth[i] != 0.0f) gy += (deriv[j] * smooth[i] * scale) * v;
            }
        }
        ix(x, y) = gx;
        iy(x, y) = gy;
        ixx(x, y) = ix(x, y) * ix(x, y);
        iyy(x, y) = iy(x, y) * iy(x, y);
        ixy(x, y) = ix(x, y) * iy(x, y);

        Expr bxx = 0.0f, byy = 0.0f, bxy = 0.0f;
        for (int j = -1; j <= 1; j++) {
            for (int i = -1; i <= 1; i++) {
                Expr cx = clamp(x + i, 0, W - 1), cy = clamp(y + j, 0, H - 1);
                bxx += ixx(cx, cy);
                byy += iyy(cx, cy);
                bxy += ixy(cx, cy);
            }
        }
        sxx(x, y) = bxx;
        syy(x, y) = byy;
        sxy(x, y) = bxy;
        Expr trace = sxx(x, y) + syy(x, y);
        out(x, y) = (sxx(x, y) * syy(x, y) - sxy(x, y) * sxy(x, y)) - k * (trace * trace);
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
