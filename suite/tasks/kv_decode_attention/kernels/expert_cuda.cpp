// Expert cuda schedule for `kv_decode_attention`: six kernels instead of one per stage and
// update. The scores run one warp per cached position, 8 positions (warps) per block, heads
// along the grid's y: the 32 lanes stride through the position's K row together (coalesced
// loads, as the cache streams through once), each lane accumulating a partial product with q
// in a register (rfactor over the lanes), combined with warp shuffles (gpu_lanes); lane 0
// stores the scaled score. The max and the sum over the positions run one thread per head
// accumulating in a register (the wrappers row_max.in() and row_sum.in() are what is stored);
// exp(score - max) and the normalization are a tile kernel each. P V runs in blocks of 32
// threads along the head dimension, one thread per element accumulating across the positions
// in a register (loads of V coalesced across the warp). Without CUDA (gpu_lanes is
// CUDA-only), the per-lane partials go through shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, keys = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var so{"so"}, si{"si"}, sl{"sl"}, ho{"ho"}, hi{"hi"}, u{"u"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per head, written once by its thread
    Func sum_out = a.row_sum.in();
    for (Func f : {a.scores, max_out, a.ex, sum_out, a.probs}) f.compute_root();
    // dot sums per-lane partial products (rfactor); pv lives in registers of each thread.
    Func part = a.dot.update().split(a.rd, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    a.scores.split(a.s, so, si, keys, TailStrategy::GuardWithIf).gpu_blocks(so, a.h);
    for (Func f : {a.ex, a.probs}) f.gpu_tile(a.s, a.h, so, ho, si, hi, 64, 1, TailStrategy::GuardWithIf);
    max_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    sum_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.d, a.h, so, ho, si, hi, 32, 1, TailStrategy::GuardWithIf);
    // @layer memory
    if (cuda) {
        a.scores.split(si, si, sl, 1).gpu_threads(si, sl);
        a.dot.compute_at(a.scores, sl);
        part.compute_at(a.scores, si).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.scores.gpu_threads(si);
        a.dot.compute_at(a.scores, si);
        part.compute_at(a.scores, so).store_in(MemoryType::GPUShared).gpu_threads(u, a.s);
        part.update().gpu_threads(u, a.s);
    }
    a.row_max.compute_at(max_out, hi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, hi).store_in(MemoryType::Register);
    a.pv.compute_at(a.out, si).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
