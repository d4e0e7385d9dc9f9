// Expert cuda schedule for `fc_int8_perchannel`: one kernel, 32 threads per output feature, 8
// features per block, batch rows along the grid's y. The 32 threads stride through the feature's
// weight row and the input row together (coalesced loads), each accumulating an int32 partial dot
// product in a register over every 32nd k (rfactor over the lanes) that it leaves in shared memory;
// after a barrier one thread per feature adds the 32 partials and the bias, requantizes with its
// channel's multiplier and shift and stores the int8 output. (Shared memory rather than warp
// shuffles: see docs/kernel-format.md on gpu_lanes.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // acc is inlined into output; dot sums per-lane partial dot products (rfactor).
    Func part = a.dot.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.output.split(a.n, no, ni, feats, TailStrategy::GuardWithIf).gpu_blocks(no, a.b);
    // @layer memory
    a.output.gpu_threads(ni);
    a.dot.compute_at(a.output, ni);
    part.compute_at(a.output, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
    part.update().gpu_threads(u, a.n);
    // @end
    return a.kernel();
}
