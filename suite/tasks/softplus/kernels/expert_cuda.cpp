// Expert cuda schedule for `softplus`: one kernel, soft inlined. Blocks of 128x2 threads, a warp
// reading 32 consecutive features of a row (coalesced); tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    // soft inlined into y.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 128, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
