// Expert opencl schedule for `lidar_spherical_projection`: one kernel, one work-item per point, work-groups of 64:
// the depth in a register, the 3 outputs unrolled.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    a.xy.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.proj.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.proj.bound(a.k, 0, 3).reorder(a.k, a.n).gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.depth.compute_at(a.proj, ni).store_in(MemoryType::Register);
    // @layer vector
    a.proj.unroll(a.k);
    // @end
    return a.kernel();
}
