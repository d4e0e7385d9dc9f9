// Expert opencl schedule for `homography_points`: one kernel, one work-item per point, work-groups of 64:
// w in a register, the 2 outputs unrolled.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    a.pts.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.out.output_buffer().dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    // @layer loops
    a.out.bound(a.j, 0, 2).reorder(a.j, a.n).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rw.compute_at(a.out, ni).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.j);
    // @end
    return a.kernel();
}
