// Halide reference algorithm for task `gemv_decode`: y = W x (a linear layer at batch 1).
// Halide dimension 0 is the last PyTorch dimension: W(k, n) is W[n, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam W{Halide::Float(32), 2, "W"};  // [N, K]
    Halide::ImageParam x{Halide::Float(32), 1, "x"};  // [K]
    Halide::Var n{"n"};      // y[n]: the output features (N)
    Halide::RDom k;          // the input features (K)
    Halide::Func dot{"dot"};  // sum_k W[n, k] * x[k]: the reduction
    Halide::Func y{"y"};      // the output

    Algorithm() {
        k = Halide::RDom(0, W.dim(0).extent(), "k");
        dot(n) = 0.0f;
        dot(n) += W(k, n) * x(k);
        y(n) = dot(n);
    }

    ekb::Kernel kernel() { return {{W, x}, {y}}; }
};

}  // namespace task
