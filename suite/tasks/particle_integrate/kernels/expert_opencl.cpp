// Expert opencl schedule for `particle_integrate`: one kernel over the flat 3P floats
// (coordinate and particle fused; the [P, 3] tensors are dense), one work-item per float in
// work-groups of 64, vnew inlined, so neighbouring work-items read and write neighbouring
// floats.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var f{"f"}, fo{"fo"}, fi{"fi"};
    // @layer compute
    // Contiguous PyTorch tensors: a particle's coordinates are adjacent, particles 3 apart.
    a.pos.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.vel.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.acc.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // vnew is inlined into out.
    // @layer loops
    a.out.bound(a.i, 0, 3)
        .fuse(a.i, a.p, f)
        .gpu_tile(f, fo, fi, 64, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
