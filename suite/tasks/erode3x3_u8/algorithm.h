// Halide reference algorithm for task `erode3x3_u8`: 3x3 rectangular erosion (min filter) of a
// uint8 image with clamp-to-edge borders, separable: the min of 3 along x, then of 3 along y.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func min_x{"min_x"};      // the min of clamped(x - 1 .. x + 1, y)
    Halide::Func out{"out"};          // the min of min_x(x, y - 1 .. y + 1)

    Algorithm() {
        using namespace Halide;
        const int size = 3;  // = get_init_inputs() in reference.py
        const int k = size / 2;
        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr mx = clamped(x - k, y);
        for (int d = 1; d < size; d++) mx = min(mx, clamped(x - k + d, y));
        min_x(x, y) = mx;
        Expr my = min_x(x, y - k);
        for (int d = 1; d < size; d++) my = min(my, min_x(x, y - k + d));
        out(x, y) = my;
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
