// Halide reference algorithm for task `rgb_to_nv12`: packed RGB24 to NV12 with the 8-bit
// fixed-point BT.601 limited-range coefficients. y = (66 R + 129 G + 25 B + 4224) >> 8 per
// pixel; the chroma of each 2x2 block comes from its rounded channel means
// ((sum + 2) >> 2): U = (-38 R - 74 G + 112 B + 32896) >> 8, V = (112 R - 94 G - 18 B + 32896) >> 8.
// Halide dimension 0 is the last PyTorch dimension: rgb(c, x, row) is rgb[row, x, c],
// y_out(x, row) is y[row, x], uv_out(k, i, j) is uv[j, i, k] (k = 0 U, 1 V).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam rgb{Halide::UInt(8), 3, "rgb"};  // [2*H2, 2*W2, 3]
    Halide::Var c{"c"}, x{"x"}, row{"row"}, k{"k"}, i{"i"}, j{"j"};
    Halide::Func px{"px"};        // px(c, x, row): rgb widened to int32
    Halide::Func mean2x2{"mean2x2"};  // mean2x2(c, i, j): the rounded mean of the 2x2 block
    Halide::Func y_out{"y_out"};  // the luma plane
    Halide::Func uv_out{"uv_out"};  // the interleaved chroma plane

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const int ky[3] = {66, 129, 25}, ku[3] = {-38, -74, 112}, kv[3] = {112, -94, -18};
        px(c, x, row) = cast<int32_t>(rgb(c, x, row));
        y_out(x, row) = cast<uint8_t>((ky[0] * px(0, x, row) + ky[1] * px(1, x, row) +
                                       ky[2] * px(2, x, row) + 4224) >> 8);
        mean2x2(c, i, j) = (px(c, 2 * i, 2 * j) + px(c, 2 * i + 1, 2 * j) + px(c, 2 * i, 2 * j + 1) +
                            px(c, 2 * i + 1, 2 * j + 1) + 2) >> 2;
        Expr r = mean2x2(0, i, j), g = mean2x2(1, i, j), b = mean2x2(2, i, j);
        Expr u = (ku[0] * r + ku[1] * g + ku[2] * b + 32896) >> 8;
        Expr v = (kv[0] * r + kv[1] * g + kv[2] * b + 32896) >> 8;
        uv_out(k, i, j) = cast<uint8_t>(select(k == 0, u, v));
    }

    ekb::Kernel kernel() { return {{rgb}, {y_out, uv_out}}; }
};

}  // namespace task
