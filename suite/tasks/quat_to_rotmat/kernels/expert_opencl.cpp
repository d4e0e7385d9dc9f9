// Expert opencl schedule for `quat_to_rotmat`: one kernel, one work-item per quaternion in
// work-groups of 64. Each work-item computes 1/|q| of its quaternion in a register and writes
// the nine matrix entries with rows and columns unrolled (each select folds to its formula);
// neighbouring work-items touch neighbouring rows.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    // Contiguous PyTorch tensors: q rows 4 apart, matrices 9 apart, matrix rows 3 apart.
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.R.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    a.R.bound(a.c, 0, 3)
        .bound(a.r, 0, 3)
        .reorder(a.c, a.r, a.p)
        .gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rnorm.compute_at(a.R, pi).store_in(MemoryType::Register);
    // @layer vector
    a.R.unroll(a.c).unroll(a.r);
    // @end
    return a.kernel();
}
