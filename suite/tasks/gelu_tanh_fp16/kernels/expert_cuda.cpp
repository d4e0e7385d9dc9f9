// Expert cuda schedule for `gelu_tanh_fp16`: one kernel, inner inlined into y; blocks of 128 x 2
// threads, each thread computing 4 consecutive elements of a row (unrolled, so a warp's
// loads and stores are coalesced 16-byte chunks). Tails use GuardWithIf.
// float16 variant of `gelu_tanh` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"}, dv{"dv"};
    // @layer compute
    // inner is inlined into y.
    // @layer loops
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 128, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
