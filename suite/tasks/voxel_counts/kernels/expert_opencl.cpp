// Expert opencl schedule for `voxel_counts`: the grid is zeroed by one kernel of 256-thread
// work-groups (one row of 256 voxels per work-group); the scatter is one thread per point in work-groups of
// 256, the voxel index in registers and a global atomic_add (1M voxels: little contention);
// the output copy is another row-per-work-group kernel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    RVar ro{"ro"}, ri{"ri"};
    // @layer compute
    a.xy.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.counts.compute_root();
    a.out.bound(a.vx, 0, 256).bound(a.vy, 0, 256).bound(a.vz, 0, 16);
    // @layer loops
    a.counts.gpu_blocks(a.vy, a.vz).gpu_threads(a.vx);
    a.counts.update().atomic().split(a.r.x, ro, ri, 256, TailStrategy::GuardWithIf)
        .gpu_blocks(ro).gpu_threads(ri);
    a.out.gpu_blocks(a.vy, a.vz).gpu_threads(a.vx);
    // @end
    return a.kernel();
}
