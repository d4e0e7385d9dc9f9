// Expert opencl schedule for `so3_log_quat`: one kernel, one work-item per quaternion, work-groups of 64:
// 1/|q| and the factor in registers, the 3 outputs unrolled.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    a.q.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.omega.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    // @layer loops
    a.omega.bound(a.k, 0, 3).reorder(a.k, a.p).gpu_tile(a.p, po, pi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.rnorm.compute_at(a.omega, pi).store_in(MemoryType::Register);
    a.f.compute_at(a.omega, pi).store_in(MemoryType::Register);
    // @layer vector
    a.omega.unroll(a.k);
    // @end
    return a.kernel();
}
