// Expert cuda schedule for `whisper_tiny_cross_attention`: one kernel per stored stage,
// every stage on the device.
//   mean, rstd: one thread per token, its row sums in registers; ln: the normalized rows;
//   q, y: one thread per (feature, 4 tokens), the 4 dot products in registers across D
//         (one weight load feeds 4 FMAs), bias (and residual) fused;
//   scores: one thread per (frame, 4 queries, head), threads adjacent along the frames;
//   row max, row sum: one thread per (token, head) over the frames;
//   ex, probs: elementwise over (frame, token, head);
//   ctx: one thread per (feature, 4 tokens), the P V sums in registers across the frames,
//        threads adjacent along the features so v_cache rows are read coalesced.
// All tails GuardWithIf, so any Tq and Ta work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per row and head
    Func ctx_out = a.ctx.in();                                // the heads' output, stored
    const std::vector<std::tuple<Func, Func, RDom>> projections = {
        {a.q, a.q_dot, a.rk}, {ctx_out, a.ctx, a.rs}, {a.y, a.o_dot, a.rk}};
    // @layer compute
    for (Func f : {a.mean, a.rstd, a.ln, a.q, a.scores, max_out, a.ex, sum_out, a.probs, ctx_out}) {
        f.compute_root();
    }
    // @layer loops
    for (auto [out, dot, r] : projections) {
        out.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
            .reorder(tv, a.c, a.t)
            .gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 1, TailStrategy::GuardWithIf);
    }
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 1, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.ex, a.probs}) {
        f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, 8, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.t, yo, yi, 8, TailStrategy::GuardWithIf);
    a.ln.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, TailStrategy::GuardWithIf);
    // @layer memory
    for (auto [out, dot, r] : projections) dot.compute_at(out, xi).store_in(MemoryType::Register);
    a.s_dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.sum.compute_at(a.mean, yi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, yi).store_in(MemoryType::Register);
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
