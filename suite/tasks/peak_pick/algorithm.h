// Halide reference algorithm for task `peak_pick`: a peak mask of every channel: sample i is a
// peak when it is the maximum of its 5-sample neighbourhood (x[i-2 .. i+2], clipped to the
// row: non-maximum suppression) and at least the mean of its row (an adaptive threshold):
//   mask[c, i] = 1 if x[c, i] == max(x[c, max(i-2, 0) .. min(i+2, L-1)]) and x[c, i] >= mean(x[c, :])
// The row's largest sample is always a peak. Plateaus mark every sample of the top.
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i]; mask(i, c) is mask[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kRadius = 2;  // the neighbourhood half-width = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};  // i: sample (L), c: channel (C)
    Halide::RDom r;              // over the samples of a row
    Halide::Func rowsum{"rowsum"};  // the sum of each row
    Halide::Func mask{"mask"};      // the output, uint8

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        r = RDom(0, L, "r");
        rowsum(c) = 0.0f;
        rowsum(c) += x(r, c);
        Expr v = x(i, c);
        Expr m = v;
        for (int k = 1; k <= kRadius; k++) {
            m = max(m, x(clamp(i - k, 0, L - 1), c));
            m = max(m, x(clamp(i + k, 0, L - 1), c));
        }
        Expr peak = v == m && v >= rowsum(c) / cast<float>(L);
        mask(i, c) = select(peak, cast<uint8_t>(1), cast<uint8_t>(0));
    }

    ekb::Kernel kernel() { return {{x}, {mask}}; }
};

}  // namespace task
