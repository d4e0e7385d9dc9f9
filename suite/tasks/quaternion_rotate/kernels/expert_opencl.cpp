// Expert opencl schedule for `quaternion_rotate`: one kernel, one work-item per point in
// work-groups of 64. Each work-item computes 1/|q| and the two cross products of its point in
// registers with the three coordinates unrolled (every (i + 1) % 3 folds to a constant), and
// writes its three outputs; neighbouring work-items touch neighbouring rows.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    // Contiguous PyTorch tensors: a point's components are adjacent, points 4 or 3 apart.
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.v.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.i, 0, 3)
        .reorder(a.i, a.p)
        .gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rnorm.compute_at(a.out, pi).store_in(MemoryType::Register);
    a.uv.compute_at(a.out, pi).store_in(MemoryType::Register);
    a.uuv.compute_at(a.out, pi).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.i);
    a.uv.unroll(a.i);
    a.uuv.unroll(a.i);
    // @end
    return a.kernel();
}
