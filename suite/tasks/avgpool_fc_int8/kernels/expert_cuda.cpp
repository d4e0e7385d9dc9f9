// Expert cuda schedule for `avgpool_fc_int8`: two kernels.
//   pooled: blocks of 64 threads along the channels, each thread summing its channel's plane
//           in an int32 register, with the rounded division fused into the int8 store;
//   output: one warp per class, 8 classes (warps) per block. The 32 lanes stride through the
//           class's weight row and the pooled vector together (coalesced loads), each lane
//           accumulating an int32 partial dot product in a register over every 32nd channel
//           (rfactor over the lanes); the 32 partials are combined with warp shuffles
//           (gpu_lanes) and lane 0 adds the bias, requantizes and stores the int8 output.
// Without CUDA (gpu_lanes is CUDA-only), the per-lane partials go through shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var co{"co"}, ci{"ci"}, no{"no"}, ni{"ni"}, ko{"ko"}, ki{"ki"}, kl{"kl"}, u{"u"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    // acc is inlined into output; dot sums per-lane partial dot products (rfactor).
    a.pooled.compute_root();
    Func part = a.dot.update().split(a.rc, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    a.pooled.gpu_tile(a.c, a.n, co, no, ci, ni, 64, 1, TailStrategy::GuardWithIf);
    a.output.split(a.k, ko, ki, feats, TailStrategy::GuardWithIf).gpu_blocks(ko, a.n);
    // @layer memory
    a.total.compute_at(a.pooled, ci).store_in(MemoryType::Register);
    if (cuda) {
        a.output.split(ki, ki, kl, 1).gpu_threads(ki, kl);
        a.dot.compute_at(a.output, kl);
        part.compute_at(a.output, ki).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.output.gpu_threads(ki);
        a.dot.compute_at(a.output, ki);
        part.compute_at(a.output, ko).store_in(MemoryType::GPUShared).gpu_threads(u, a.k);
        part.update().gpu_threads(u, a.k);
    }
    // @end
    return a.kernel();
}
