// Halide reference algorithm for task `median3x3_u8`: the 3x3 median of a uint8 image with
// clamp-to-edge borders, as a min/max network: each column of 3 values of the window is
// sorted (col_min <= col_mid <= col_max); the median of the 9 is then the median of
// (the largest column minimum, the median of the column middles, the smallest column maximum).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr median3(const Halide::Expr &a, const Halide::Expr &b, const Halide::Expr &c) {
    return Halide::max(Halide::min(a, b), Halide::min(Halide::max(a, b), c));
}

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped to the image (replicate borders)
    Halide::Func col_min{"col_min"};  // min of clamped(x, y - 1), clamped(x, y), clamped(x, y + 1)
    Halide::Func col_mid{"col_mid"};  // their median
    Halide::Func col_max{"col_max"};  // their max
    Halide::Func out{"out"};          // the output: the median of the 3x3 window

    Algorithm() {
        using namespace Halide;
        const int size = 3;  // = get_init_inputs() in reference.py: the window is size x size
        static_assert(size == 3, "the min/max network below is the one for a 3x3 window");
        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr u = clamped(x, y - 1), m = clamped(x, y), d = clamped(x, y + 1);
        col_min(x, y) = min(u, min(m, d));
        col_mid(x, y) = median3(u, m, d);
        col_max(x, y) = max(u, max(m, d));
        out(x, y) = median3(max(col_min(x - 1, y), max(col_min(x, y), col_min(x + 1, y))),
                            median3(col_mid(x - 1, y), col_mid(x, y), col_mid(x + 1, y)),
                            min(col_max(x - 1, y), min(col_max(x, y), col_max(x + 1, y))));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
