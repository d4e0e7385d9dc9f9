// Expert cuda schedule for `gelu_erf_fp16`: one kernel, cdf inlined. Blocks of 128x2 threads, a warp
// reading 32 consecutive features of a row (coalesced); tails guarded.
// float16 variant of `gelu_erf` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    // cdf inlined into y.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 128, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
