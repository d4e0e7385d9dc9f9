// Expert cuda schedule for `log_softmax_fp16`: two kernels. lse runs one warp per row: lane u of
// the warp keeps a running max, then a running sum of exp(x - max), over columns u, u + 32,
// ... of the row in registers (rfactor over the lanes, coalesced loads), and the 32 partials
// are combined with warp shuffles (gpu_lanes). y = x - lse runs as 32x8 blocks, each thread
// writing 4 consecutive elements of a row (unrolled). Tails use GuardWithIf.
// float16 variant of `log_softmax` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"}, cv{"cv"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    a.lse.compute_root();
    // @layer loops
    a.lse.gpu_blocks(a.r);
    Func max_part = a.row_max.update().split(a.k, kw, kl, 32, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sum_part = a.row_sum.update().split(a.k, kw, kl, 32, TailStrategy::GuardWithIf).rfactor(kl, u);
    a.y.split(a.c, a.c, cv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.c, a.r, co, ro, ci, ri, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.row_max.compute_at(a.lse, a.r);
    max_part.compute_at(a.lse, a.r);
    a.row_sum.compute_at(a.lse, a.r);
    sum_part.compute_at(a.lse, a.r);
    // @layer vector
    max_part.gpu_lanes(u);
    max_part.update().gpu_lanes(u);
    sum_part.gpu_lanes(u);
    sum_part.update().gpu_lanes(u);
    a.y.unroll(cv);
    // @end
    return a.kernel();
}
