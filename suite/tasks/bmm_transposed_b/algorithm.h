// Halide reference algorithm for task `bmm_transposed_b`: a batched matrix multiplication with
// the second operand transposed, C[b] = A[b] @ B[b]^T (torch.bmm(A, B.transpose(1, 2))).
// Halide dimension 0 is the last PyTorch dimension: A(k, m, b) is A[b, m, k] and B(k, n, b) is
// B[b, n, k]: both operands are contiguous along the reduction dimension k.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam A{Halide::Float(32), 3, "A"};  // [Bt, M, K]
    Halide::ImageParam B{Halide::Float(32), 3, "B"};  // [Bt, N, K]
    Halide::Var n{"n"}, m{"m"}, b{"b"};  // C[b, m, n]
    Halide::RDom k;                      // the reduction dimension K
    Halide::Func dot{"dot"};  // sum_k A[b, m, k] * B[b, n, k]
    Halide::Func C{"C"};      // the output

    Algorithm() {
        k = Halide::RDom(0, A.dim(0).extent(), "k");
        dot(n, m, b) = 0.0f;
        dot(n, m, b) += A(k, m, b) * B(k, n, b);
        C(n, m, b) = dot(n, m, b);
    }

    ekb::Kernel kernel() { return {{A, B}, {C}}; }
};

}  // namespace task
