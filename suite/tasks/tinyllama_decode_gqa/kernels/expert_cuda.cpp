// Expert cuda schedule for `tinyllama_decode_gqa`: six kernels instead of one per stage and
// update. The scores run 32 threads per cached position, 8 positions per block, heads along the
// grid's y: the 32 threads stride through the position's K row together (coalesced loads, as
// the cache streams through once), each accumulating a partial product with q in a register
// (rfactor over the lanes) that it leaves in shared memory; after a barrier one thread per
// position adds the partials and stores the scaled score. The max and the sum over the
// positions run one thread per head accumulating in a register (the wrappers row_max.in() and
// row_sum.in() are what is stored); exp(score - max) and the normalization are a tile kernel
// each. P V runs in blocks of 32 threads along the head dimension, one thread per element
// accumulating across the positions in a register (loads of V coalesced across the warp). (Not
// warp shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global
// scratch buffer the lanes index inconsistently, which made the softmax expert wrong on an
// H200; see docs/kernel-format.md.)
// For the GQA decode step, the rotary embedding of the new query is computed once per head
// and of the new key once per KV head (tiny stages); the appended position (the new token)
// is read through the reference's keys/vals selects, so the cache is never copied; query
// heads of one group are adjacent, so their shared K/V rows are reused from cache.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, keys = 8;
    Var so{"so"}, si{"si"}, ho{"ho"}, hi{"hi"}, u{"u"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per head, written once by its thread
    Func sum_out = a.row_sum.in();
    for (Func f : {a.scores, max_out, a.ex, sum_out, a.probs}) f.compute_root();
    // dot sums per-lane partial products (rfactor); pv lives in registers of each thread.
    Func part = a.dot.update().split(a.rd, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    a.q_rope.compute_root().gpu_tile(a.d, a.h, so, ho, si, hi, 32, 1, TailStrategy::GuardWithIf);
    {
        Var g = a.k_rope.args()[1];
        a.k_rope.compute_root().gpu_tile(a.d, g, so, ho, si, hi, 32, 1, TailStrategy::GuardWithIf);
    }
    a.scores.split(a.s, so, si, keys, TailStrategy::GuardWithIf).gpu_blocks(so, a.h);
    for (Func f : {a.ex, a.probs}) f.gpu_tile(a.s, a.h, so, ho, si, hi, 64, 1, TailStrategy::GuardWithIf);
    max_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    sum_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    a.o.gpu_tile(a.d, a.h, so, ho, si, hi, 32, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.scores.gpu_threads(si);
    a.dot.compute_at(a.scores, si);
    part.compute_at(a.scores, so).store_in(MemoryType::GPUShared).gpu_threads(u, a.s);
    part.update().gpu_threads(u, a.s);
    a.row_max.compute_at(max_out, hi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, hi).store_in(MemoryType::Register);
    a.pv.compute_at(a.o, si).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
