// Expert cuda schedule for `fc_int8`: one kernel, one warp per output feature, 8 features
// (warps) per block. The 32 lanes stride through the feature's weight row and the input row
// together (coalesced loads), each lane accumulating an int32 partial dot product in a
// register over every 32nd k (rfactor over the lanes); the 32 partials are combined with
// warp shuffles (gpu_lanes) and lane 0 adds the bias, requantizes and stores the int8
// output. Without CUDA (gpu_lanes is CUDA-only), the per-lane partials go through shared
// memory instead.
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
    // acc is inlined into output; dot sums per-lane partial dot products (rfactor).
    Func part = a.dot.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.output.split(a.n, no, ni, feats, TailStrategy::GuardWithIf).gpu_blocks(no, a.b);
    // @layer memory
    if (cuda) {
        a.output.split(ni, ni, nl, 1).gpu_threads(ni, nl);
        a.dot.compute_at(a.output, nl);
        part.compute_at(a.output, ni).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.output.gpu_threads(ni);
        a.dot.compute_at(a.output, ni);
        part.compute_at(a.output, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
        part.update().gpu_threads(u, a.n);
    }
    // @end
    return a.kernel();
}
