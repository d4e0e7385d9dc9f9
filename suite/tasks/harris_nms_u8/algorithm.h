// Halide reference algorithm for task `harris_nms_u8`: integer Harris corners. gx, gy = 3x3
// Sobel of img (replicate borders, int32); ixx, iyy, ixy their products; sxx, syy, sxy = 3x3
// box sums of the products (replicate borders, int32: at most 9 * 1020^2); resp = 25 det -
// trace^2 in int64; corners = resp > 10^13 and resp >= its 8 neighbours (neighbours outside
// the image read INT64_MIN, so they never win).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // corners[y, x]
    Halide::Func clamped{"clamped"};  // img widened to int32, replicate borders
    Halide::Func gx{"gx"}, gy{"gy"};  // the Sobel gradients
    Halide::Func prod{"prod"};        // prod(x, y) = (gx^2, gy^2, gx gy)
    Halide::Func prod_c{"prod_c"};    // prod with x, y clamped to the image (replicate borders)
    Halide::Func sums{"sums"};        // (sxx, syy, sxy): the 3x3 box sums
    Halide::Func resp{"resp"};        // 25 det - trace^2, int64
    Halide::Func resp_x{"resp_x"};    // resp, INT64_MIN outside the image
    Halide::Func corners{"corners"};  // the output mask

    Algorithm() {
        using namespace Halide;
        const int inv_k = 25;                              // = get_init_inputs(): k = 1 / 25
        const int64_t threshold = 10000000000000LL;        // 10^13
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        const int s[3] = {1, 2, 1};
        clamped(x, y) = cast<int32_t>(BoundaryConditions::repeat_edge(img)(x, y));
        Expr ex = 0, ey = 0;
        for (int j = 0; j < 3; j++) ex += s[j] * (clamped(x + 1, y + j - 1) - clamped(x - 1, y + j - 1));
        for (int i = 0; i < 3; i++) ey += s[i] * (clamped(x + i - 1, y + 1) - clamped(x + i - 1, y - 1));
        gx(x, y) = ex;
        gy(x, y) = ey;
        Expr cx = clamp(likely(x), 0, W - 1), cy = clamp(likely(y), 0, H - 1);
        prod(x, y) = Tuple(gx(x, y) * gx(x, y), gy(x, y) * gy(x, y), gx(x, y) * gy(x, y));
        prod_c(x, y) = prod(cx, cy);
        Expr sxx = 0, syy = 0, sxy = 0;
        for (int j = -1; j <= 1; j++) {
            for (int i = -1; i <= 1; i++) {
                sxx += prod_c(x + i, y + j)[0];
                syy += prod_c(x + i, y + j)[1];
                sxy += prod_c(x + i, y + j)[2];
            }
        }
        sums(x, y) = Tuple(sxx, syy, sxy);
        Expr a = cast<int64_t>(sums(x, y)[0]), b = cast<int64_t>(sums(x, y)[1]), c = cast<int64_t>(sums(x, y)[2]);
        resp(x, y) = inv_k * (a * b - c * c) - (a + b) * (a + b);
        resp_x(x, y) = BoundaryConditions::constant_exterior(resp, Int(64).min(), {{0, W}, {0, H}})(x, y);
        Expr r = resp(x, y);
        Expr is_max = r > Expr(threshold);
        for (int j = -1; j <= 1; j++)
            for (int i = -1; i <= 1; i++)
                if (i != 0 || j != 0) is_max = is_max && r >= resp_x(x + i, y + j);
        corners(x, y) = cast<uint8_t>(select(is_max, 1, 0));
    }

    ekb::Kernel kernel() { return {{img}, {corners}}; }
};

}  // namespace task
