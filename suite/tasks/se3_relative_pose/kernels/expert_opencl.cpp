// Expert opencl schedule for `se3_relative_pose`: one kernel, one work-item per pose pair, work-groups of 64:
// both 1/|q| and both rotation matrices in registers (entries unrolled), the 12 outputs
// unrolled (each select folded).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    a.pa.dim(0).set_bounds(0, 7).dim(1).set_stride(7);
    a.pb.dim(0).set_bounds(0, 7).dim(1).set_stride(7);
    a.rel.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 3).set_stride(4).dim(2).set_stride(12);
    // @layer loops
    a.rel.bound(a.c, 0, 4).bound(a.r, 0, 3).reorder(a.c, a.r, a.b)
        .gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rn_a.compute_at(a.rel, bi).store_in(MemoryType::Register);
    a.rn_b.compute_at(a.rel, bi).store_in(MemoryType::Register);
    for (Func f : {a.rot_a, a.rot_b}) {
        f.compute_at(a.rel, bi).store_in(MemoryType::Register)
            .bound(a.c, 0, 3).bound(a.r, 0, 3).unroll(a.c).unroll(a.r);
    }
    // @layer vector
    a.rel.unroll(a.c).unroll(a.r);
    // @end
    return a.kernel();
}
