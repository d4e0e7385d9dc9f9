// Expert cuda schedule for `whisper_tiny_encoder_block`: one kernel per stored stage, every
// stage on the device. Each projection (query, key, value, P V, out + residual, fc1 + GELU,
// fc2 + residual) runs one thread per (feature, 4 tokens), the 4 dot products in registers
// across the reduction so a weight load feeds 4 FMAs; the scores likewise per (key, 4
// queries, head); the softmax's max and sum and the LayerNorm statistics one thread per row
// accumulating in a register. 32 threads (a warp) along the features (keys) of a block, so
// weight rows are read coalesced; all tails GuardWithIf, so any token count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per row and head
    Func ctx_out = a.ctx.in();  // the heads' output, stored; ctx is its register tile
    // (a stage whose thread keeps a register tile, the reduction in the tile, its RDom)
    const std::vector<std::tuple<Func, Func, RDom>> projections = {
        {a.q, a.q_dot, a.rk}, {a.k, a.k_dot, a.rk}, {a.v, a.v_dot, a.rk}, {ctx_out, a.ctx, a.rs},
        {a.res1, a.o_dot, a.rk}, {a.ff, a.f1_dot, a.rk}, {a.y, a.f2_dot, a.rf}};
    // @layer compute
    for (Func f : {a.ln1.mean, a.ln1.rstd, a.ln1.out, a.q, a.k, a.v, a.scores, max_out, a.ex, sum_out, a.probs,
                   ctx_out, a.res1, a.ln2.mean, a.ln2.rstd, a.ln2.out, a.ff}) {
        f.compute_root();
    }
    // The reductions live in registers of the threads of their consumers (below).
    // @layer loops
    for (auto [out, dot, r] : projections) {
        out.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
            .reorder(tv, a.c, a.t)
            .gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    }
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.ex, a.probs}) {
        f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, 8, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.ln1.mean, a.ln1.rstd, a.ln2.mean, a.ln2.rstd}) f.gpu_tile(a.t, yo, yi, 8, TailStrategy::GuardWithIf);
    for (Func f : {a.ln1.out, a.ln2.out}) f.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    // @layer memory
    for (auto [out, dot, r] : projections) dot.compute_at(out, xi).store_in(MemoryType::Register);
    a.s_dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.ln1.sum.compute_at(a.ln1.mean, yi).store_in(MemoryType::Register);
    a.ln1.sum_sq.compute_at(a.ln1.rstd, yi).store_in(MemoryType::Register);
    a.ln2.sum.compute_at(a.ln2.mean, yi).store_in(MemoryType::Register);
    a.ln2.sum_sq.compute_at(a.ln2.rstd, yi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, dot, r] : projections) {
        out.unroll(tv);
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    a.scores.unroll(tv);
    a.s_dot.unroll(a.t);
    a.s_dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    // @end
    return a.kernel();
}
