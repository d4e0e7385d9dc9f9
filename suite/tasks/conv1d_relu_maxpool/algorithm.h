// Halide reference algorithm for task `conv1d_relu_maxpool`: one conv block of a 1-D CNN,
// y = max_pool1d(relu(conv1d(x, weight, pad K/2) + bias), 2).
// Halide dimension 0 is the last PyTorch dimension: x(l, c, n) is x[n, c, l],
// weight(k, ci, co) is weight[co, ci, k], y(l, c, n) is y[n, c, l].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, C_in, L]
    Halide::ImageParam weight{Halide::Float(32), 3, "weight"};  // [C_out, C_in, K]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C_out]
    // l: the sample (L in the conv stages, L/2 in y), c: the channel (C_in in x_padded, C_out
    // after), n: the batch (extent 1).
    Halide::Var l{"l"}, c{"c"}, n{"n"};
    Halide::RDom r;  // the taps (r.x, K) and the input channels (r.y, C_in)
    Halide::Func x_padded{"x_padded"};  // x, zero outside [0, L) (the 'same' pad of K/2)
    Halide::Func conv{"conv"};          // the 1-D convolution: a reduction over r
    Halide::Func act{"act"};            // ReLU(conv + bias)
    Halide::Func y{"y"};                // the output: the max of each pair of act samples

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent(), K = weight.dim(0).extent();
        r = RDom(0, K, 0, x.dim(1).extent(), "r");
        x_padded(l, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, L}})(l, c, n);
        conv(l, c, n) = 0.0f;
        conv(l, c, n) += weight(r.x, r.y, c) * x_padded(l + r.x - K / 2, r.y, n);
        act(l, c, n) = max(conv(l, c, n) + bias(c), 0.0f);
        y(l, c, n) = max(act(2 * l, c, n), act(2 * l + 1, c, n));
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {y}}; }
};

}  // namespace task
