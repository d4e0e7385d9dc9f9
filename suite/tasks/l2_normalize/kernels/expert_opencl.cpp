// Expert opencl schedule for `l2_normalize`: two kernels instead of one per stage. norm runs
// in work-groups of 8 rows, one work-item per row, which accumulates its row's sum of
// squares in a register. y runs as 16x4 work-groups of independent work-items; where D is a
// multiple of 4 (every real embedding size) each work-item loads, scales and stores one
// float4, otherwise one element, with GuardWithIf tails.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, rox{"rox"}, rix{"rix"}, dv{"dv"};
    const Expr d_by_4 = a.x.dim(0).extent() % 4 == 0;
    // @layer compute
    // norm is the stored per-row value; sum_sq lives in a register of its work-item.
    a.norm.compute_root();
    // @layer loops
    a.norm.gpu_tile(a.r, rox, rix, 8, TailStrategy::GuardWithIf);
    a.y.specialize(d_by_4)
        .split(a.d, a.d, dv, 4, TailStrategy::RoundUp)
        .gpu_tile(a.d, a.r, dox, rox, dix, rix, 16, 4, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.d, a.r, dox, rox, dix, rix, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.norm, rix).store_in(MemoryType::Register);
    // @layer vector
    a.y.specialize(d_by_4).vectorize(dv);
    // @end
    return a.kernel();
}
