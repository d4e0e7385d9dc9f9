// Halide reference algorithm for task `matmul_fp16`: C = A @ B.
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: A(k, i) is A[i, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam A{Halide::Float(16), 2, "A"};  // [M, K]
    Halide::ImageParam B{Halide::Float(16), 2, "B"};  // [K, N]
    Halide::Var j{"j"}, i{"i"};                       // C[i, j]: j columns (N), i rows (M)
    Halide::RDom k;
    Halide::Func prod{"prod"};  // the reduction over k
    Halide::Func C{"C"};        // the output

    Algorithm() {
        k = Halide::RDom(0, A.dim(0).extent(), "k");
        prod(j, i) = 0.0f;
        prod(j, i) += Halide::cast<float>(A(k, i)) * Halide::cast<float>(B(j, k));
        C(j, i) = Halide::cast(Halide::Float(16), prod(j, i));
    }

    ekb::Kernel kernel() { return {{A, B}, {C}}; }
};

}  // namespace task
