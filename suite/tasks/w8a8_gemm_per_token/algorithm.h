// Halide reference algorithm for task `w8a8_gemm_per_token`: a W8A8 linear layer, int8
// activations with one scale per token and int8 weights with one scale per output channel:
//   acc[m, n] = sum_k A[m, k] * W[n, k]                                  (int32, exact)
//   out[m, n] = (float(acc[m, n]) * a_scale[m]) * w_scale[n]             (float32)
// Halide dimension 0 is the last PyTorch dimension: A(k, m) is A[m, k] and W(k, n) is W[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

struct Algorithm {
    Halide::ImageParam A{Halide::Int(8), 2, "A"};                // [M, K]
    Halide::ImageParam a_scale{Halide::Float(32), 1, "a_scale"};  // [M]
    Halide::ImageParam W{Halide::Int(8), 2, "W"};                // [N, K]
    Halide::ImageParam w_scale{Halide::Float(32), 1, "w_scale"};  // [N]
    Halide::Var n{"n"}, m{"m"};  // out[m, n]
    Halide::RDom k;              // the input features
    Halide::Func acc{"acc"};     // the int32 dot products
    Halide::Func out{"out"};     // the dequantized output, float32

    Algorithm() {
        using namespace Halide;
        k = RDom(0, A.dim(0).extent(), "k");
        acc(n, m) = 0;
        acc(n, m) += cast<int32_t>(A(k, m)) * cast<int32_t>(W(k, n));
        out(n, m) = (cast<float>(acc(n, m)) * a_scale(m)) * w_scale(n);
    }

    ekb::Kernel kernel() { return {{A, a_scale, W, w_scale}, {out}}; }
};

}  // namespace task
