// Expert cuda schedule for `rope`: one kernel, rot inlined into y (the partner element
// x[(d + Dh/2) % Dh] is loaded directly, no intermediate buffer). Blocks of 64 x 4 threads
// over (d, t) of one head: a warp covers 32 consecutive elements of a row, so the loads of
// x, its partner, cos and sin and the store of y are coalesced; cos and sin rows are reused
// by every head through the cache. Heads are a grid dimension too
// (an earlier version left them as a serial loop inside each thread: 0.2x of naive on the
// H200). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, hox{"hox"}, dix{"dix"}, tix{"tix"}, hix{"hix"};
    // @layer compute
    // rot is inlined into y.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, a.h, dox, tox, hox, dix, tix, hix, 64, 4, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
