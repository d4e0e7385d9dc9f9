// Halide reference algorithm for task `matmul`: C = A @ B.
// Halide dimension 0 is the last PyTorch dimension: A(k, i) is A[i, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam A{Halide::Float(32), 2, "A"};  // [M, K]
    Halide::ImageParam B{Halide::Float(32), 2, "B"};  // [K, N]
    Halide::Var j{"j"}, i{"i"};                       // C[i, j]: j columns (N), i rows (M)
    Halide::RDom k;
    Halide::Func prod{"prod"};  // the reduction over k
    Halide::Func C{"C"};        // the output

    Algorithm() {
        k = Halide::RDom(0, A.dim(0).extent(), "k");
        prod(j, i) = 0.0f;
        prod(j, i) += A(k, i) * B(j, k);
        C(j, i) = prod(j, i);
    }

    ekb::Kernel kernel() { return {{A, B}, {C}}; }
};

}  // namespace task
