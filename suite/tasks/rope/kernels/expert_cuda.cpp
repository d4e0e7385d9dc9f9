// Expert cuda schedule for `rope`: one kernel, rot inlined into y (the partner element
// x[(d + Dh/2) % Dh] is loaded directly, no intermediate buffer). Blocks of 64 x 4 threads
// over (d, t) of one head: a warp covers 32 consecutive elements of a row, so the loads of
// x, its partner, cos and sin and the store of y are coalesced; cos and sin rows are reused
// by every head through the cache. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    // rot is inlined into y.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
