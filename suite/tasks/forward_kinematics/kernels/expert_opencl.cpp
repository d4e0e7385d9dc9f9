// Expert opencl schedule for `forward_kinematics`: one kernel of 64-wide work-groups, one
// work-item per configuration. Each work-item computes its six joint cosines and sines into
// registers, then the four partial products and the pose as 4x4 register matrices (rows and
// columns unrolled, the link transforms inlined so their constant entries fold away), and
// writes its 16 pose entries. The twists' sines and cosines are inlined (6 uniform values).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    // link, cos_alpha and sin_alpha are inlined; the pose is a 4x4 matrix per configuration.
    a.pose.bound(a.c, 0, 4).bound(a.r, 0, 4);
    // @layer loops
    a.pose.reorder(a.c, a.r, a.b).gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.cos_q.compute_at(a.pose, bi).store_in(MemoryType::Register);
    a.sin_q.compute_at(a.pose, bi).store_in(MemoryType::Register);
    for (Func f : a.chain) f.compute_at(a.pose, bi).store_in(MemoryType::Register);
    // @layer vector
    a.pose.unroll(a.c).unroll(a.r);
    a.cos_q.unroll(a.j);
    a.sin_q.unroll(a.j);
    for (Func f : a.chain) f.unroll(a.c).unroll(a.r);
    // @end
    return a.kernel();
}
