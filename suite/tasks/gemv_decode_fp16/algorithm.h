// Halide reference algorithm for task `gemv_decode_fp16`: y = W x (a linear layer at batch 1).
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: W(k, n) is W[n, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam W{Halide::Float(16), 2, "W"};  // [N, K]
    Halide::ImageParam x{Halide::Float(16), 1, "x"};  // [K]
    Halide::Var n{"n"};      // y[n]: the output features (N)
    Halide::RDom k;          // the input features (K)
    Halide::Func dot{"dot"};  // sum_k W[n, k] * x[k]: the reduction
    Halide::Func y{"y"};      // the output

    Algorithm() {
        k = Halide::RDom(0, W.dim(0).extent(), "k");
        dot(n) = 0.0f;
        dot(n) += Halide::cast<float>(W(k, n)) * Halide::cast<float>(x(k));
        y(n) = Halide::cast(Halide::Float(16), dot(n));
    }

    ekb::Kernel kernel() { return {{W, x}, {y}}; }
};

}  // namespace task
