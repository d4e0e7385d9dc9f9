// Expert cpu schedule for `voxel_counts`: the grid (4 MiB) is zeroed in parallel with wide
// vector stores; the scatter runs in parallel over chunks of 8192 points with atomic
// increments (voxels are many, so threads rarely contend), the voxel indices of each chunk
// computed first as vectors into a small buffer. The output copy is a parallel vectorized pass.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    RVar ro{"ro"}, ri{"ri"};
    Var zo{"zo"};
    // @layer compute
    a.xy.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.counts.compute_root();
    a.out.bound(a.vx, 0, 256).bound(a.vy, 0, 256).bound(a.vz, 0, 16);
    // @layer loops
    a.counts.parallel(a.vz).vectorize(a.vx, 4 * vec);
    a.counts.update().atomic().split(a.r.x, ro, ri, 8192, TailStrategy::GuardWithIf).parallel(ro);
    a.out.parallel(a.vz).vectorize(a.vx, 4 * vec);
    // @layer memory
    a.vox.compute_at(a.counts, ro);  // the scatter (the last stage of counts)
    // @layer vector
    a.vox.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
