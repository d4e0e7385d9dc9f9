// Expert cpu schedule for `transformer_encoder_layer`: three parallel phases.
//  1. qkv = x Wqkv^T + bqkv at root, in parallel strips of 4 features; each 4-feature x
//     4-token register tile keeps one vector of partial sums over k per output (rfactor over
//     the lanes: a step loads 4 weight rows and 4 x rows and feeds 16 FMAs), lanes summed and
//     the bias added as the tile is stored. The q and k columns are then copied transposed
//     (tokens contiguous), so a vector of keys is one dense load.
//  2. Attention in parallel strips of 4 queries, per head: the scores in tiles of 2 vectors of
//     keys x 4 queries (8 vector accumulators in registers across the head dimension), the
//     row max and sum (lane-wise rfactor partials), exp and the normalization in L1, then
//     P V in tiles of 2 vectors of the head's columns x 4 queries (8 accumulators across the
//     keys, a broadcast of P against a contiguous piece of a v row).
//  3. Everything after the attention is per token, so it runs fused in parallel strips of 4
//     tokens: the output projection + residual, LN1, the FFN up projection + GELU, the down
//     projection + residual and LN2, each projection in 4x4 register tiles as in phase 1, the
//     LayerNorm statistics per row in vector partials, h1 and the FFN activations in L1-sized
//     strip buffers. The GELU is rewritten as f / (1 + exp(-2z)) (Halide's tanh is a scalar
//     libm call, its exp an inline polynomial), which redefines the stages after it (the same
//     math, from task::LayerNorm).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens (queries) per strip and per register tile
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, tq_o{"tq_o"}, tq_i{"tq_i"}, hc{"hc"}, hd{"hd"};
    Var dco{"dco"}, dci{"dci"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    // The tail after the FFN up projection, with the exp form of the GELU (same math).
    Func ff("ff_exp"), f2_dot("f2_dot"), res2("res2");
    Expr f = a.f1_dot(a.c, a.t) + a.b1(a.c);
    ff(a.c, a.t) = f / (1.0f + exp(-2.0f * A::beta * (f + A::kappa * f * f * f)));
    f2_dot(a.c, a.t) = 0.0f;
    f2_dot(a.c, a.t) += ff(a.rf, a.t) * a.W2(a.rf, a.c);
    res2(a.c, a.t) = f2_dot(a.c, a.t) + a.b2(a.c) + a.ln1.out(a.c, a.t);
    task::LayerNorm ln2("y", res2, a.ln2_w, a.ln2_b, a.c, a.t, a.rk, A::eps);
    Func y = ln2.out;
    Func qk_t = a.qkv.in(a.s_dot);  // the q and k columns of qkv, transposed (below)
    Func ctx_out = a.ctx.in();      // the heads' output, stored; ctx is its register tile
    a.qkv.compute_root();
    qk_t.compute_root();
    ctx_out.compute_root();
    // A projection `dot` reduced over `r`, in 4 x 4 register tiles of its consumer `out`.
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.tile(c, t, co, tq_o, ci, tq_i, 4, tq, TailStrategy::GuardWithIf).reorder(ci, tq_i, co, tq_o);
        Func lanes = dot.update().split(r.x, ko, ku, vec).rfactor(ku, u);
        dot.compute_at(out, co);
        lanes.compute_at(out, co).reorder_storage(u, c, t).bound_storage(c, 4).bound_storage(t, tq);
        lanes.vectorize(u).unroll(c).unroll(t);
        lanes.update().reorder(u, c, t, ko).vectorize(u).unroll(c).unroll(t);
        dot.unroll(c).unroll(t);
        dot.update().reorder(ku, c, t).atomic().vectorize(ku).unroll(c).unroll(t);
        out.unroll(ci).unroll(tq_i);
    };
    // The statistics of a LayerNorm, per row of the strip, reduced in vector partials.
    auto statistics = [&](task::LayerNorm &ln) {
        for (Func red : {ln.sum, ln.sum_sq}) {
            Func part = red.update().split(a.rk.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
            part.compute_at(y, to).vectorize(w);
            part.update().vectorize(w);
            red.compute_at(y, to);
            red.update().atomic().vectorize(ku);
        }
        ln.mean.compute_at(y, to);
        ln.rstd.compute_at(y, to);
    };
    // @layer loops
    // Phase 1.
    project(a.qkv, a.qkv_dot, a.rk);
    a.qkv.parallel(co);
    {
        Var qc = qk_t.args()[0], qt = qk_t.args()[1];
        qk_t.reorder_storage(qt, qc).reorder(qt, qc).vectorize(qt, vec, TailStrategy::GuardWithIf).parallel(qc);
    }
    // Phase 2.
    ctx_out.split(a.c, hc, hd, A::head_dim)
        .split(hd, dco, dci, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.t, to, ti, tq, TailStrategy::GuardWithIf)
        .reorder(dci, ti, dco, hc, to)
        .parallel(to);
    a.scores.tile(a.s, a.t, so, tq_o, si, tq_i, 2 * vec, tq, TailStrategy::GuardWithIf).reorder(si, tq_i, so, tq_o);
    Func max_part = a.row_max.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    // Phase 3.
    y.split(a.t, to, ti, tq, TailStrategy::GuardWithIf).parallel(to);
    project(a.res1, a.o_dot, a.rk);
    project(ff, a.f1_dot, a.rk);
    project(res2, f2_dot, a.rf);
    // @layer memory
    a.scores.compute_at(ctx_out, hc);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) fn.compute_at(ctx_out, hc);
    a.ctx.compute_at(ctx_out, dco).bound_storage(a.c, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {a.res1, a.ln1.out, ff, res2}) fn.compute_at(y, to);
    statistics(a.ln1);
    statistics(ln2);
    // @layer vector
    a.scores.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(tq_i);
    a.s_dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.s_dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    for (Func part : {max_part, sum_part}) {
        part.vectorize(w);
        part.update().vectorize(w);
    }
    a.row_max.update().atomic().vectorize(ku);
    a.row_sum.update().atomic().vectorize(ku);
    a.ex.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.probs.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    ctx_out.vectorize(dci, vec, TailStrategy::GuardWithIf).unroll(dci).unroll(ti);
    a.ctx.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.t);
    a.ctx.update().reorder(a.c, a.t, a.rs).vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.t);
    a.ln1.out.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    y.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.Wqkv, a.bqkv, a.Wo, a.bo, a.ln1_w, a.ln1_b, a.W1, a.b1, a.W2, a.b2, a.ln2_w, a.ln2_b}, {y}};
}
