// Halide reference algorithm for task `canny_front_u8`: the integer Canny front end of OpenCV
// (L1 gradient). blur = rounded 3x3 binomial of img (replicate borders); gx, gy = 3x3 Sobel of
// blur (replicate borders); mag = |gx| + |gy|; sector = 0 horizontal, 1 vertical, 2 diagonal
// with same signs, 3 diagonal with opposite signs (the Q15 tan(22.5 deg) test); nms keeps mag
// if it beats its two neighbours along the sector (magnitudes outside the image are 0; > the
// first and >= the second, > both on diagonals); cls = (nms > low) + (nms > high).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // nms[y, x], cls[y, x]
    Halide::Func clamped{"clamped"};    // img widened to int32, replicate borders
    Halide::Func blur{"blur"};          // the rounded 3x3 Gaussian
    Halide::Func blur_c{"blur_c"};      // blur with replicate borders
    Halide::Func gx{"gx"}, gy{"gy"};    // the Sobel gradients
    Halide::Func mag{"mag"};            // |gx| + |gy|
    Halide::Func sector{"sector"};      // the quantized direction, 0..3
    Halide::Func mag_z{"mag_z"};        // mag, 0 outside the image
    Halide::Func nms{"nms"};            // output 1: the suppressed magnitude, int16
    Halide::Func cls{"cls"};            // output 2: the double-threshold class, uint8

    Algorithm() {
        using namespace Halide;
        const int tg22 = 13573, low = 200, high = 330;  // = get_init_inputs() in reference.py
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        const int s[3] = {1, 2, 1};
        clamped(x, y) = cast<int32_t>(BoundaryConditions::repeat_edge(img)(x, y));
        Expr b = 0;
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) b += s[i] * s[j] * clamped(x + i - 1, y + j - 1);
        blur(x, y) = (b + 8) >> 4;
        blur_c(x, y) = blur(clamp(likely(x), 0, W - 1), clamp(likely(y), 0, H - 1));
        Expr ex = 0, ey = 0;
        for (int j = 0; j < 3; j++) ex += s[j] * (blur_c(x + 1, y + j - 1) - blur_c(x - 1, y + j - 1));
        for (int i = 0; i < 3; i++) ey += s[i] * (blur_c(x + i - 1, y + 1) - blur_c(x + i - 1, y - 1));
        gx(x, y) = ex;
        gy(x, y) = ey;
        Expr ax = abs(gx(x, y)), ay = abs(gy(x, y));  // uint32 values, all below 2^11
        mag(x, y) = cast<int32_t>(ax + ay);
        Expr t22 = cast<int32_t>(ax) * tg22, ay15 = cast<int32_t>(ay) << 15;
        Expr t67 = t22 + (cast<int32_t>(ax) << 16);
        sector(x, y) = select(ay15 < t22, 0, ay15 > t67, 1, (gx(x, y) ^ gy(x, y)) < 0, 3, 2);
        mag_z(x, y) = BoundaryConditions::constant_exterior(mag, 0, {{0, W}, {0, H}})(x, y);
        Expr d = sector(x, y), m = mag(x, y);
        Expr first = select(d == 0, mag_z(x - 1, y), d == 1, mag_z(x, y - 1),
                            d == 2, mag_z(x - 1, y - 1), mag_z(x + 1, y - 1));
        Expr second = select(d == 0, mag_z(x + 1, y), d == 1, mag_z(x, y + 1),
                             d == 2, mag_z(x + 1, y + 1), mag_z(x - 1, y + 1));
        Expr keep = m > first && select(d >= 2, m > second, m >= second);
        nms(x, y) = cast<int16_t>(select(keep, m, 0));
        cls(x, y) = cast<uint8_t>(select(nms(x, y) > high, 2, nms(x, y) > low, 1, 0));
    }

    ekb::Kernel kernel() { return {{img}, {nms, cls}}; }
};

}  // namespace task
