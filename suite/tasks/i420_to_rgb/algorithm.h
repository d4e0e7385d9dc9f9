// Halide reference algorithm for task `i420_to_rgb`: planar I420 to packed RGB24 with the
// 8-bit fixed-point BT.601 limited-range conversion (C = Y-16, D = U-128, E = V-128;
// R = (298 C + 409 E + 128) >> 8, G = (298 C - 100 D - 208 E + 128) >> 8,
// B = (298 C + 516 D + 128) >> 8, each clamped to [0, 255]), chroma replicated per 2x2 block.
// Halide dimension 0 is the last PyTorch dimension: y(x, row) is y[row, x], u(i, j) is
// u[j, i], rgb_out(c, x, row) is rgb[row, x, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam y{Halide::UInt(8), 2, "y"};  // [2*H2, 2*W2]
    Halide::ImageParam u{Halide::UInt(8), 2, "u"};  // [H2, W2]
    Halide::ImageParam v{Halide::UInt(8), 2, "v"};  // [H2, W2]
    Halide::Var c{"c"}, x{"x"}, row{"row"};
    Halide::Func luma{"luma"};        // 298 (Y - 16) + 128, int32
    Halide::Func rgb_out{"rgb_out"};  // the packed output

    Algorithm() {
        using namespace Halide;
        const int cy = 298, crv = 409, cgu = 100, cgv = 208, cbu = 516;  // = get_init_inputs()
        luma(x, row) = cy * (cast<int32_t>(y(x, row)) - 16) + 128;
        Expr d = cast<int32_t>(u(x / 2, row / 2)) - 128;
        Expr e = cast<int32_t>(v(x / 2, row / 2)) - 128;
        Expr l = luma(x, row);
        Expr val = select(c == 0, l + crv * e, c == 1, l - cgu * d - cgv * e, l + cbu * d) >> 8;
        rgb_out(c, x, row) = cast<uint8_t>(clamp(val, 0, 255));
    }

    ekb::Kernel kernel() { return {{y, u, v}, {rgb_out}}; }
};

}  // namespace task
