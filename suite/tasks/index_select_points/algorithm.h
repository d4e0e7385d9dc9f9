// Halide reference algorithm for task `index_select_points`: output[0, c, m] =
// features[0, c, idx[m]], [1, C, N] gathered by idx [M] -> [1, C, M], float32.
// Halide dimension 0 is the last PyTorch dimension: features(p, c, n) is features[n, c, p].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam features{Halide::Float(32), 3, "features"};  // [1, C, N]
    Halide::ImageParam idx{Halide::Int(32), 1, "idx"};              // [M], each in [0, N)
    Halide::Var m{"m"}, c{"c"}, n{"n"};                             // output[n, c, m]
    Halide::Func output{"output"};  // the output: the point idx[m] of channel c

    Algorithm() {
        using namespace Halide;
        // The clamp never binds on valid indices; it bounds the gather for Halide.
        output(m, c, n) = features(clamp(idx(m), 0, features.dim(0).extent() - 1), c, n);
    }

    ekb::Kernel kernel() { return {{features, idx}, {output}}; }
};

}  // namespace task
