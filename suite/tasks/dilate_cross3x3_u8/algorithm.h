// Halide reference algorithm for task `dilate_cross3x3_u8`: 3x3 dilation with a cross
// (4-connected) element of a uint8 image with clamp-to-edge borders: the max of the pixel and
// its 4 neighbours.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func out{"out"};          // the output: the max over the cross

    Algorithm() {
        using namespace Halide;
        const int size = 3;  // = get_init_inputs() in reference.py
        const int k = size / 2;
        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr m = clamped(x, y);
        for (int d = -k; d <= k; d++) {
            if (d == 0) continue;
            m = max(m, clamped(x, y + d));
            m = max(m, clamped(x + d, y));
        }
        out(x, y) = m;
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
