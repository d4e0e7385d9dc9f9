// Expert cuda schedule for `sum_rows`: one kernel, 32 threads per row and 8 rows per block.
// The 32 threads of a row stride through it together (coalesced loads), each keeping a
// running partial sum in a register over every 32nd element (rfactor over the lanes), which
// it leaves in shared memory; after a barrier one thread per row adds the 32 partials. (Not
// warp shuffles: see docs/kernel-format.md on gpu_lanes under a guarded split.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    Func part = a.total.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.split(a.r, ro, ri, rows, TailStrategy::GuardWithIf).gpu_blocks(ro).gpu_threads(ri);
    // @layer memory
    a.total.compute_at(a.y, ri);
    part.compute_at(a.y, ro).store_in(MemoryType::GPUShared).gpu_threads(u, a.r);
    part.update().gpu_threads(u, a.r);
    // @end
    return a.kernel();
}
