// Expert opencl schedule for `tinyllama_decode_gqa`: six kernels instead of one per stage and
// update. The scores run in work-groups of 64 positions of one head, one work-item per
// position accumulating its dot product with q in a register across the head dimension, the
// scale fused into the store (K is read once, as the cache streams through). The max and the
// sum over the positions run one work-item per head accumulating in a register (the wrappers
// row_max.in() and row_sum.in() are what is stored); exp(score - max) and the normalization
// are a tile kernel each. P V runs in work-groups of 16 elements of the head dimension, one
// work-item per element accumulating across the positions in a register (loads of V are
// contiguous across the work-group). Tails use GuardWithIf.
// For the GQA decode step, the rotary embedding of the new query is computed once per head
// and of the new key once per KV head (tiny stages); the appended position (the new token)
// is read through the reference's keys/vals selects, so the cache is never copied; query
// heads of one group are adjacent, so their shared K/V rows are reused from cache.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, ho{"ho"}, hi{"hi"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per head, written once by its work-item
    Func sum_out = a.row_sum.in();
    for (Func f : {a.scores, max_out, a.ex, sum_out, a.probs}) f.compute_root();
    // dot and pv live in registers of each work-item (below).
    // @layer loops
    a.q_rope.compute_root().gpu_tile(a.d, a.h, so, ho, si, hi, 16, 1, TailStrategy::GuardWithIf);
    {
        Var g = a.k_rope.args()[1];
        a.k_rope.compute_root().gpu_tile(a.d, g, so, ho, si, hi, 16, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.scores, a.ex, a.probs}) f.gpu_tile(a.s, a.h, so, ho, si, hi, 64, 1, TailStrategy::GuardWithIf);
    max_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    sum_out.gpu_tile(a.h, ho, hi, 8, TailStrategy::GuardWithIf);
    a.o.gpu_tile(a.d, a.h, so, ho, si, hi, 16, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.scores, si).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, hi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, hi).store_in(MemoryType::Register);
    a.pv.compute_at(a.o, si).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
