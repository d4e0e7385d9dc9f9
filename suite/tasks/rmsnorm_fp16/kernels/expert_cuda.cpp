// Expert cuda schedule for `rmsnorm_fp16`: two kernels. rstd runs one warp per row: lane u of
// the warp accumulates columns u, u + 32, ... of the row in a register (rfactor, gpu_lanes;
// a warp's loads are coalesced), and the 32 partial sums are folded with warp shuffles. y
// runs as 32x8 blocks, each thread writing 4 consecutive elements of a row (unrolled), tails
// guarded with GuardWithIf.
// float16 variant of `rmsnorm` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, tox{"tox"}, tix{"tix"}, dv{"dv"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    a.rstd.compute_root();
    // @layer loops
    a.rstd.gpu_blocks(a.t);
    Func lanes = a.sum_sq.update().split(a.k, ko, ki, 32, TailStrategy::GuardWithIf).rfactor(ki, u);
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.rstd, a.t);
    lanes.compute_at(a.rstd, a.t);
    // @layer vector
    lanes.gpu_lanes(u);
    lanes.update().gpu_lanes(u);
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
