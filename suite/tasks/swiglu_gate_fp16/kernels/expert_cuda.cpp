// Expert cuda schedule for `swiglu_gate_fp16`: one kernel, act inlined into y; blocks of
// 128 x 2 threads, each thread computing 4 consecutive elements of a row (unrolled, so a
// warp's float16 loads and stores cover contiguous chunks). PTX converts with cvt; arithmetic
// in float. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"}, dv{"dv"};
    // @layer compute
    // act is inlined into y.
    // @layer loops
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 128, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
