// Expert cpu schedule for `bert_tiny_encoder`, as a deployed runtime runs the model: the
// embedding gather + sum fused into the embedding LayerNorm, per token in parallel; then per
// layer three phases:
//   1. the QKV projection, each output element one vector of partial sums over D (rfactor over
//      the lanes, summed across lanes as it is stored), token strips in parallel; the q and k
//      columns then transposed once so that the scores read keys contiguously;
//   2. attention per 4-token strip in parallel (all heads): the scores vectorized over the
//      keys, the softmax, P V vectorized over the features;
//   3. the output projection + bias + residual, LayerNorm 1, the FFN's first projection +
//      GELU (erf), its second + bias + residual and LayerNorm 2, each projection as in 1 with
//      its bias, GELU and residual fused into the store, token strips in parallel, each
//      LayerNorm per token in parallel with its statistics in vector partials;
// and the pooler's GEMV on the first token. Every split is guarded (GuardWithIf) or divides
// the head size (64), so any token count (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens (queries) per strip and per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, tq_o{"tq_o"}, tq_i{"tq_i"}, hc{"hc"}, hd{"hd"};
    Var dco{"dco"}, dci{"dci"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // A projection `dot` reduced over `r`: one vector of partial sums per output element
    // (rfactor over the lanes, summed across lanes as the element is stored), strips of 4
    // tokens of `out` in parallel.
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, tq_o, tq_i, tq, guard).reorder(c, tq_i, tq_o).parallel(tq_o);
        Func lanes = dot.update().split(r.x, ko, ku, vec, guard).rfactor(ku, u);
        dot.compute_at(out, c);
        lanes.compute_at(out, c);
        lanes.vectorize(u);
        lanes.update().vectorize(u);
        dot.update().atomic().vectorize(ku);
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
    // @layer compute
    a.emb_ln.out.compute_root();
    std::vector<Func> qk_t, ctx_out;
    for (auto &L : a.layers) {
        qk_t.push_back(L.qkv.in(L.s_dot));  // the q and k columns of qkv, transposed (below)
        ctx_out.push_back(L.ctx.in());      // the heads' output, stored; ctx is its register tile
        L.qkv.compute_root();
        qk_t.back().compute_root();
        ctx_out.back().compute_root();
        L.ln2.out.compute_root();
    }
    a.pool_dot.compute_root();
    // @layer loops
    a.emb_ln.out.parallel(a.t).vectorize(a.c, vec, guard);
    for (size_t l = 0; l < a.layers.size(); l++) {
        task::Layer &L = a.layers[l];
        // Phase 1.
        project(L.qkv, L.qkv_dot, a.rk);
        {
            Var qc = qk_t[l].args()[0], qt = qk_t[l].args()[1];
            qk_t[l].reorder_storage(qt, qc).reorder(qt, qc).vectorize(qt, vec, guard).parallel(qc);
        }
        // Phase 2.
        ctx_out[l].split(a.t, to, ti, tq, guard).reorder(a.c, ti, to).parallel(to).vectorize(a.c, vec, guard);
        for (Func fn : {L.scores, L.row_max, L.ex, L.row_sum, L.probs}) fn.compute_at(ctx_out[l], to);
        L.s_dot.compute_at(L.scores, a.t);
        L.s_dot.vectorize(a.s, vec, guard);
        L.s_dot.update().reorder(a.s, a.rd, a.t, a.h).vectorize(a.s, vec, guard);
        for (Func fn : {L.scores, L.ex, L.probs}) fn.vectorize(a.s, vec, guard);
        L.ctx.compute_at(ctx_out[l], to).vectorize(a.c, vec, guard);
        L.ctx.update().reorder(a.c, a.rs, a.t).vectorize(a.c, vec, guard);
        // Phase 3.
        for (Func fn : {L.res1, L.ln1.out, L.ff, L.res2}) fn.compute_root();
        project(L.res1, L.o_dot, a.rk);
        project(L.ff, L.f1_dot, a.rk);
        project(L.res2, L.f2_dot, a.rf);
        for (task::LayerNorm *ln : {&L.ln1, &L.ln2}) {
            ln->out.parallel(a.t).vectorize(a.c, vec, guard);
            statistics(*ln, ln->out, a.t);
        }
    }
    // @layer memory
    statistics(a.emb_ln, a.emb_ln.out, a.t);
    a.hidden.vectorize(a.c, vec, guard).parallel(a.t);
    // @layer vector
    a.pool_dot.vectorize(a.c, vec, guard);
    a.pool_dot.update().reorder(a.c, a.rk).vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
