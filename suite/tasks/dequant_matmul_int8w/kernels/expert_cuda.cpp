// Expert cuda schedule for `dequant_matmul_int8w`: one kernel, one warp per output feature,
// 8 features (warps) per block. The 32 lanes stride through the feature's int8 weight row
// and x together (coalesced loads), each lane converting its weights to float and
// accumulating a partial dot product in a register over every 32nd k (rfactor over the
// lanes); the 32 partials are combined with warp shuffles (gpu_lanes) and lane 0 applies the
// scale and bias and stores the output. Without CUDA (gpu_lanes is CUDA-only), the per-lane
// partials go through shared memory instead.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var no{"no"}, ni{"ni"}, nl{"nl"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // dot sums per-lane partial dot products (rfactor).
    Func part = a.dot.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.split(a.n, no, ni, feats, TailStrategy::GuardWithIf).gpu_blocks(no, a.m);
    // @layer memory
    if (cuda) {
        a.y.split(ni, ni, nl, 1).gpu_threads(ni, nl);
        a.dot.compute_at(a.y, nl);
        part.compute_at(a.y, ni).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.y.gpu_threads(ni);
        a.dot.compute_at(a.y, ni);
        part.compute_at(a.y, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
        part.update().gpu_threads(u, a.n);
    }
    // @end
    return a.kernel();
}
