// Expert cuda schedule for `embedding_gather`: one kernel, 32x8-thread blocks; a warp copies
// 32 consecutive features of one row (coalesced 128-byte loads and stores), each of its 8
// warps a different token; the row index is a broadcast load per warp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dO{"dO"}, di{"di"}, to{"to"}, ti{"ti"};
    // @layer compute
    // row is inlined into out.
    // @layer loops
    a.out.gpu_tile(a.d, a.t, dO, to, di, ti, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
