// Halide reference algorithm for task `resize_area3x_u8`: area downscale by 3 of a packed RGB
// uint8 image: rows3 = the sum of 3 input rows (uint16), then the sum of 3 columns of rows3,
// out = (sum + 4) / 9.
// Halide dimension 0 is the last PyTorch dimension: img(c, x, y) is img[y, x, c] and
// out(c, i, j) is out[j, i, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 3, "img"};  // [3*OH, 3*OW, 3]
    Halide::Var c{"c"}, x{"x"}, i{"i"}, j{"j"};         // x: input column; out[j, i, c]
    Halide::Func rows3{"rows3"};  // rows3(c, x, j): the sum of input rows 3j .. 3j+2, uint16
    Halide::Func out{"out"};      // the output

    Algorithm() {
        using namespace Halide;
        const int f = 3;  // = get_init_inputs() in reference.py
        Expr s = cast<uint16_t>(img(c, x, f * j));
        for (int d = 1; d < f; d++) s += cast<uint16_t>(img(c, x, f * j + d));
        rows3(c, x, j) = s;
        Expr t = rows3(c, f * i, j);
        for (int d = 1; d < f; d++) t += rows3(c, f * i + d, j);
        // the rounding division in uint32: Halide 14 compiles a uint16 division by a constant into
        // code that dies with SIGILL on this toolchain (seen on box_filter5x5_u8)
        out(c, i, j) = cast<uint8_t>((cast<uint32_t>(t) + f * f / 2) / (f * f));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
