// Expert opencl schedule for `cov_propagate4`: one kernel, one work-item per matrix in
// work-groups of 64. Each work-item computes F P (16 entries) in registers, then each entry
// of F P F^T + Q, all loops over rows, columns and the 4-term sums unrolled.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    // Contiguous PyTorch tensors of 4x4 matrices: rows 4 apart, matrices 16 apart.
    a.F.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.P.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.Q.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.out.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    // @layer loops
    a.out.bound(a.j, 0, 4).bound(a.i, 0, 4)
        .reorder(a.j, a.i, a.b)
        .gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.FP.compute_at(a.out, bi).store_in(MemoryType::Register);
    a.FPFt.compute_at(a.out, bi).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.j).unroll(a.i);
    a.FP.unroll(a.j).unroll(a.i);
    a.FP.update().reorder(a.j, a.i, a.k).unroll(a.j).unroll(a.i).unroll(a.k);
    a.FPFt.unroll(a.j).unroll(a.i);
    a.FPFt.update().reorder(a.j, a.i, a.k).unroll(a.j).unroll(a.i).unroll(a.k);
    // @end
    return a.kernel();
}
