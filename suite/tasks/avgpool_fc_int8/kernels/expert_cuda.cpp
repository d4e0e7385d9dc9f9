// Expert cuda schedule for `avgpool_fc_int8`: two kernels.
//   pooled: blocks of 64 threads along the channels, each thread summing its channel's plane
//           in an int32 register, with the rounded division fused into the int8 store;
//   output: 32 threads per class, 8 classes per block. The 32 threads stride through the
//           class's weight row and the pooled vector together (coalesced loads), each
//           accumulating an int32 partial dot product in a register over every 32nd channel
//           (rfactor over the lanes) that it leaves in shared memory; after a barrier one
//           thread per class adds the 32 partials and the bias, requantizes and stores the
//           int8 output.
// (Not warp shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global
// scratch buffer the lanes index inconsistently, which made the softmax expert wrong on an
// H200; see docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    Var co{"co"}, ci{"ci"}, no{"no"}, ni{"ni"}, ko{"ko"}, ki{"ki"}, u{"u"};
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
    a.output.gpu_threads(ki);
    a.dot.compute_at(a.output, ki);
    part.compute_at(a.output, ko).store_in(MemoryType::GPUShared).gpu_threads(u, a.k);
    part.update().gpu_threads(u, a.k);
    // @end
    return a.kernel();
}
