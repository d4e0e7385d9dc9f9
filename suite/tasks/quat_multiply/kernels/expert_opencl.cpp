// Expert opencl schedule for `quat_multiply`: one kernel, one work-item per quaternion in
// work-groups of 64. Each work-item reads its two quaternions once into registers and writes
// the four components of the product with the component loop unrolled (each select folds to
// its formula); neighbouring work-items touch neighbouring rows.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    // Contiguous PyTorch tensors: a quaternion's components are adjacent, quaternions 4 apart.
    a.q1.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.q2.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.out.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    // @layer loops
    a.out.bound(a.j, 0, 4)
        .reorder(a.j, a.p)
        .gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.unroll(a.j);
    // @end
    return a.kernel();
}
