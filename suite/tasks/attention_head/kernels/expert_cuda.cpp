// Expert cuda schedule for `attention_head`: six kernels instead of one per stage and
// update. K is transposed into a [Dh, S] scratch (keys contiguous, written coalesced). The
// scores run in blocks of 32x4 threads, adjacent threads along the keys (coalesced loads of
// K^T, broadcasts of Q), each accumulating 4 queries of one key in registers across the Dh
// loop (one load of K^T feeds 4 FMAs), the scale fused into the store. The row max and the
// row sum run in blocks of 8 rows, one thread per row accumulating in a register (the
// wrappers row_max.in() and row_sum.in() are what is stored); exp(score - max) and the
// normalization are a tile kernel each. P V runs like the scores: 32x4 threads along the head
// dimension (coalesced loads of V), each accumulating 4 queries in registers across the key
// loop (one load of V feeds 4 FMAs). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"}, tv{"tv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func kt = a.K.in(a.dot);  // K stored transposed (below)
    Var kd = kt.args()[0], ks = kt.args()[1];
    Func max_out = a.row_max.in();  // one value per row, written once by its thread
    Func sum_out = a.row_sum.in();
    for (Func f : {kt, a.scores, max_out, a.ex, sum_out, a.probs}) f.compute_root();
    // dot and pv live in registers of each thread (below).
    // @layer loops
    kt.reorder_storage(ks, kd).gpu_tile(ks, kd, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t)
        .gpu_tile(a.s, a.t, so, to, si, ti, 32, 4, TailStrategy::GuardWithIf);
    max_out.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf);
    sum_out.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf);
    a.ex.gpu_tile(a.s, a.t, so, to, si, ti, 32, 4, TailStrategy::GuardWithIf);
    a.probs.gpu_tile(a.s, a.t, so, to, si, ti, 32, 4, TailStrategy::GuardWithIf);
    a.out.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.d, a.t)
        .gpu_tile(a.d, a.t, so, to, si, ti, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.scores, si).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, ti).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, ti).store_in(MemoryType::Register);
    a.pv.compute_at(a.out, si).store_in(MemoryType::Register);
    // @layer vector
    a.scores.unroll(tv);
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.s, a.rd).unroll(a.t);
    a.out.unroll(tv);
    a.pv.unroll(a.t);
    a.pv.update().reorder(a.t, a.d, a.rs).unroll(a.t);
    // @end
    return a.kernel();
}
