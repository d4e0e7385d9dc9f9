// Expert cuda schedule for `preemphasis`: one kernel, padded inlined; blocks of 256 threads
// along the samples of one channel, one output element per thread, so a warp's two loads of
// x (n and n - 1) and its store are coalesced; tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"};
    // @layer compute
    // padded is inlined.
    // @layer loops
    a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 256, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
