// Halide reference algorithm for task `linear_bias_fp16`: out = x W^T + b (torch F.linear).
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: x(k, t) is x[t, k], W(k, n) is W[n, k],
// out(n, t) is out[t, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [T, K]
    Halide::ImageParam W{Halide::Float(16), 2, "W"};  // [N, K]
    Halide::ImageParam b{Halide::Float(16), 1, "b"};  // [N]
    Halide::Var n{"n"}, t{"t"};  // out[t, n]: n output features (N), t tokens (T)
    Halide::RDom k;              // the input features (K)
    Halide::Func dot{"dot"};  // sum_k x[t, k] * W[n, k]: the reduction
    Halide::Func out{"out"};  // dot + b: the output

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        dot(n, t) = 0.0f;
        dot(n, t) += Halide::cast<float>(x(k, t)) * Halide::cast<float>(W(k, n));
        out(n, t) = Halide::cast(Halide::Float(16), dot(n, t) + Halide::cast<float>(b(n)));
    }

    ekb::Kernel kernel() { return {{x, W, b}, {out}}; }
};

}  // namespace task
