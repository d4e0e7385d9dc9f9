// Halide reference algorithm for task `peak_pick`: a peak mask of every channel: sample i is a
// peak when it is above the threshold 0.5, strictly above its left neighbour and at least its
// right neighbour (so a flat-topped peak is marked once, at its left end); the first and last
// samples are never peaks:
//   mask[c, i] = 1 if 0 < i < L-1 and x[i] > 0.5 and x[i] > x[i-1] and x[i] >= x[i+1], else 0
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i]; mask(i, c) is mask[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float threshold = 0.5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};  // i: sample (L), c: channel (C)
    Halide::Func mask{"mask"};   // the output, uint8

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        Expr v = x(i, c);
        Expr left = x(clamp(i - 1, 0, L - 1), c), right = x(clamp(i + 1, 0, L - 1), c);
        Expr peak = i >= 1 && i < L - 1 && v > threshold && v > left && v >= right;
        mask(i, c) = select(peak, cast<uint8_t>(1), cast<uint8_t>(0));
    }

    ekb::Kernel kernel() { return {{x}, {mask}}; }
};

}  // namespace task
