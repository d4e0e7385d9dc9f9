// Expert cuda schedule for `l2_normalize`: two kernels. norm runs one warp per row: lane u
// of the warp accumulates columns u, u + 32, ... of the row in a register (rfactor,
// gpu_lanes; a warp's loads are coalesced), and the 32 partial sums are folded with warp
// shuffles. y runs as 32x8 blocks, each thread writing 4 consecutive elements of a row
// (unrolled), tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, rox{"rox"}, rix{"rix"}, dv{"dv"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    a.norm.compute_root();
    // @layer loops
    a.norm.gpu_blocks(a.r);
    Func lanes = a.sum_sq.update().split(a.k, ko, ki, 32, TailStrategy::GuardWithIf).rfactor(ki, u);
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.r, dox, rox, dix, rix, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.norm, a.r);
    lanes.compute_at(a.norm, a.r);
    // @layer vector
    lanes.gpu_lanes(u);
    lanes.update().gpu_lanes(u);
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
