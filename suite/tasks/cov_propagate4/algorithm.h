// Halide reference algorithm for task `cov_propagate4`: out[b] = F[b] P[b] F[b]^T + Q[b] for a
// batch of 4x4 matrices.
// Halide dimension 0 is the last PyTorch dimension: F(c, r, b) is F[b, r, c] (r row, c column),
// likewise P, Q and out.
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam F{Halide::Float(32), 3, "F"};  // [B, 4, 4]
    Halide::ImageParam P{Halide::Float(32), 3, "P"};  // [B, 4, 4]
    Halide::ImageParam Q{Halide::Float(32), 3, "Q"};  // [B, 4, 4]
    Halide::Var j{"j"}, i{"i"}, b{"b"};  // out[b, i, j]: i row, j column, b matrix
    Halide::RDom k;                      // over the inner dimension of each product (4)
    Halide::Func FP{"FP"};               // F P: FP[i, j] = sum_k F[i, k] P[k, j]
    Halide::Func FPFt{"FPFt"};           // F P F^T: FPFt[i, j] = sum_k FP[i, k] F[j, k]
    Halide::Func out{"out"};             // the output: FPFt + Q

    Algorithm() {
        using namespace Halide;
        k = RDom(0, F.dim(0).extent(), "k");
        FP(j, i, b) = 0.0f;
        FP(j, i, b) += F(k, i, b) * P(j, k, b);
        FPFt(j, i, b) = 0.0f;
        FPFt(j, i, b) += FP(k, i, b) * F(k, j, b);
        out(j, i, b) = FPFt(j, i, b) + Q(j, i, b);
    }

    ekb::Kernel kernel() { return {{F, P, Q}, {out}}; }
};

}  // namespace task
