// Expert cuda schedule for `residual_add_fp16`: one kernel; blocks of 128 x 2 threads, each
// thread adding 4 consecutive elements of a row (unrolled, so a warp's 2-byte loads and stores
// cover contiguous 8-byte chunks); PTX widens with cvt.f32.f16 and narrows with cvt.rn.f16.f32.
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"}, dv{"dv"};
    // @layer compute
    // one stage.
    // @layer loops
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 128, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
