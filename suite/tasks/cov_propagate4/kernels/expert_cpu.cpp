// Expert cpu schedule for `cov_propagate4`: matrices in parallel chunks of 16; each 4x4
// matrix is one 16-lane vector (row and column fused, dense since the matrices are contiguous).
// F P and F P F^T are computed per matrix with their 4-term sums unrolled and stay in
// registers: each term is a vector multiply-add of two shuffled 16-float blocks.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ji{"ji"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    // Contiguous PyTorch tensors of 4x4 matrices: rows 4 apart, matrices 16 apart.
    a.F.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.P.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.Q.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.out.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    // @layer loops
    a.out.bound(a.j, 0, 4).bound(a.i, 0, 4)
        .fuse(a.j, a.i, ji)
        .split(a.b, bo, bi, 16, TailStrategy::GuardWithIf)
        .parallel(bo);
    // @layer memory
    a.FP.compute_at(a.out, bi);
    a.FPFt.compute_at(a.out, bi);
    // @layer vector
    a.out.vectorize(ji);
    a.FP.fuse(a.j, a.i, ji).vectorize(ji);
    a.FP.update().reorder(a.j, a.i, a.k).fuse(a.j, a.i, ji).vectorize(ji).unroll(a.k);
    a.FPFt.fuse(a.j, a.i, ji).vectorize(ji);
    a.FPFt.update().reorder(a.j, a.i, a.k).fuse(a.j, a.i, ji).vectorize(ji).unroll(a.k);
    // @end
    return a.kernel();
}
