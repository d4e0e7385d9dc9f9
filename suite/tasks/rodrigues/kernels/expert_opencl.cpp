// Expert opencl schedule for `rodrigues`: one kernel, one work-item per rotation, work-groups of 64: the
// coefficients (a, b, t^2) in registers, the 9 outputs unrolled (each select folded).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    a.r.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.R.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    a.R.bound(a.c, 0, 3).bound(a.q, 0, 3).reorder(a.c, a.q, a.p)
        .gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.coef.compute_at(a.R, pi).store_in(MemoryType::Register);
    // @layer vector
    a.R.unroll(a.c).unroll(a.q);
    // @end
    return a.kernel();
}
