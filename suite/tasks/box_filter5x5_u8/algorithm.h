// Halide reference algorithm for task `box_filter5x5_u8`: the normalized 5x5 box filter of a
// uint8 image with clamp-to-edge borders, separable: 5-pixel row sums, then 5-row column sums
// (uint16, at most 6375), divided by 25 with round-half-up.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func clamped{"clamped"};  // img widened to uint16, x and y clamped (replicate borders)
    Halide::Func sum_x{"sum_x"};      // the 5 values along x
    Halide::Func sum_y{"sum_y"};      // the 5 row sums along y: the 25-pixel sum
    Halide::Func out{"out"};          // the output: (sum_y + 12) / 25

    Algorithm() {
        using namespace Halide;
        const int size = 5;  // = get_init_inputs() in reference.py
        const int k = size / 2, area = size * size;
        clamped(x, y) = cast<uint16_t>(BoundaryConditions::repeat_edge(img)(x, y));
        Expr sx = clamped(x - k, y);
        for (int d = 1; d < size; d++) sx += clamped(x - k + d, y);
        sum_x(x, y) = sx;
        Expr sy = sum_x(x, y - k);
        for (int d = 1; d < size; d++) sy += sum_x(x, y - k + d);
        sum_y(x, y) = sy;
        // the rounding division in uint32: Halide 14 compiles a uint16 division by 25 into code
        // that dies with SIGILL on this toolchain (seen on the cpu naive kernel)
        out(x, y) = cast<uint8_t>((cast<uint32_t>(sum_y(x, y)) + area / 2) / area);
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
