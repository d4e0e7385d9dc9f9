// Expert opencl schedule for `rigid_transform`: one kernel, one work-item per point in
// work-groups of 64. Each work-item accumulates R p for its point in registers with the
// coordinates and the 3-term sums unrolled (T's entries are uniform loads), then writes its
// three outputs; neighbouring work-items touch neighbouring rows.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    // Contiguous PyTorch tensors: a point's coordinates are adjacent, points 3 apart.
    a.p.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.i, 0, 3)
        .reorder(a.i, a.n)
        .gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rot.compute_at(a.out, ni).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.i);
    a.rot.unroll(a.i);
    a.rot.update().reorder(a.i, a.j, a.n).unroll(a.i).unroll(a.j);
    // @end
    return a.kernel();
}
