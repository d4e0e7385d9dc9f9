// Expert cpu schedule for `gpt2_block`, in the phases a prefill runtime runs a GPT-2 block:
//   0. LN1 of each token in parallel (statistics in vector partials, rfactor);
//   1. the fused QKV projection, weight-stationary: output features in parallel tiles of 2
//      vectors, and for each such column block of W_attn (kept in cache) every strip of 4
//      tokens, the 2 vectors x 4 tokens of accumulators in registers across D (a contiguous
//      piece of a weight row against a broadcast activation); the q and k columns then
//      transposed once so the score tiles read keys contiguously;
//   2. causal attention per (4-query strip, head) in parallel: scores only for the keys up
//      to the strip's last query (the predicate s <= t bounds the key loops), in register
//      tiles of 2 vectors of keys x 4 queries; the softmax's max and sum per row; P V in
//      tiles of 2 vectors of the head dimension x 4 queries, each query's loop stopping at its
//      own position;
//   3. the out projection + bias + residual, LN2, fc + GELU (tanh) and the MLP projection +
//      bias + residual, each projection weight-stationary as in 1 (each weight read once per
//      block, not once per token strip), LN2 per token in parallel.
// Every split is guarded (GuardWithIf) or divides D (a multiple of the head size, 64), so
// any token count (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens (queries) per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, hc{"hc"}, hd{"hd"};
    Var dco{"dco"}, dci{"dci"}, so{"so"}, si{"si"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    Func qk_t = a.qkv.in(a.s_dot);  // the q and k columns of qkv, transposed (below)
    Func ctx_out = a.ctx.in();      // the heads' output, stored; ctx is its register tile
    for (Func f : {a.ln1.out, a.qkv, qk_t, ctx_out, a.res1, a.ln2.out, a.ff}) f.compute_root();
    // A projection `dot` (reduced over r, weights [in, out]) in register tiles of 2 vectors of
    // output features x 4 tokens of its consumer `out`, weight-stationary.
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.tile(c, t, co, to, ci, ti, 2 * vec, tq, guard).reorder(ci, ti, to, co).parallel(co);
        dot.compute_at(out, to).bound_storage(c, 2 * vec).bound_storage(t, tq);
        dot.vectorize(c, vec, guard).unroll(c).unroll(t);
        dot.update().reorder(c, t, r.x).vectorize(c, vec, guard).unroll(c).unroll(t);
        out.vectorize(ci, vec, guard).unroll(ci).unroll(ti);
    };
    // The statistics of a LayerNorm, per row, reduced in vector partials, at (at, v).
    auto statistics = [&](task::LayerNorm &ln, Func at, Var v) {
        for (Func red : {ln.sum, ln.sum_sq}) {
            Func part = red.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
            part.compute_at(at, v).vectorize(w);
            part.update().vectorize(w);
            red.compute_at(at, v);
            red.update().atomic().vectorize(ku);
        }
        ln.mean.compute_at(at, v);
        ln.rstd.compute_at(at, v);
    };
    // @layer loops
    // Phase 0 and LN2.
    a.ln1.out.parallel(a.t);
    a.ln2.out.parallel(a.t);
    // Phase 1.
    project(a.qkv, a.qkv_dot, a.rk);
    {
        Var qc = qk_t.args()[0], qt = qk_t.args()[1];
        qk_t.reorder_storage(qt, qc).reorder(qt, qc).vectorize(qt, vec, guard).parallel(qc);
    }
    // Phase 2.
    ctx_out.split(a.c, hc, hd, A::head_dim)
        .split(hd, dco, dci, 2 * vec, guard)
        .split(a.t, to, ti, tq, guard)
        .reorder(dci, ti, dco, hc, to)
        .parallel(hc)
        .parallel(to);
    a.scores.tile(a.s, a.t, so, to, si, ti, 2 * vec, tq, guard).reorder(si, ti, so, to);
    // Phase 3.
    project(a.res1, a.o_dot, a.rk);
    project(a.ff, a.f1_dot, a.rk);
    project(a.y, a.f2_dot, a.rf);
    // @layer memory
    statistics(a.ln1, a.ln1.out, a.t);
    statistics(a.ln2, a.ln2.out, a.t);
    a.scores.compute_at(ctx_out, hc);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {a.row_max, a.ex, a.row_sum, a.probs}) fn.compute_at(ctx_out, hc);
    a.ctx.compute_at(ctx_out, dco).bound_storage(a.c, 2 * vec).bound_storage(a.t, tq);
    // @layer vector
    a.scores.vectorize(si, vec, guard).unroll(si).unroll(ti);
    a.s_dot.vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.s_dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.ex.vectorize(a.s, vec, guard);
    a.probs.vectorize(a.s, vec, guard);
    ctx_out.vectorize(dci, vec, guard).unroll(dci).unroll(ti);
    a.ctx.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    a.ctx.update().reorder(a.c, a.t, a.rpv).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    a.ln1.out.vectorize(a.c, vec, guard);
    a.ln2.out.vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
