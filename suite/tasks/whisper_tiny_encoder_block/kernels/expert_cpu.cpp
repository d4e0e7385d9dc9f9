// Expert cpu schedule for `whisper_tiny_encoder_block`, in four phases as a deployed runtime
// runs a pre-LN block:
//   0. LN1 of each token in parallel (statistics in vector partials, rfactor);
//   1. the query, key and value projections in 4 x 4 register tiles (features x tokens),
//      each keeping one vector of partial sums over D (rfactor over the lanes, summed across
//      lanes as the tile is stored), feature tiles in parallel; the keys stored transposed
//      (tokens innermost) so the score tiles read them contiguously;
//   2. attention per (4-token strip, head) in parallel: scores in register tiles of 2
//      vectors of keys x 4 queries, the softmax's max and sum in lane partials, P V in tiles
//      of 2 vectors of the head dimension x 4 queries;
//   3. per 4-token strip in parallel: the out projection + bias + residual (x1), LN2, fc1 +
//      GELU (erf) and fc2 + bias + residual, each projection in the same 4 x 4 register
//      tiles, all intermediates of the strip in L1.
// Every split is guarded (GuardWithIf) or divides D (a multiple of the head size, 64), so
// any token count (down to 1) works.
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
    Func ctx_out = a.ctx.in();  // the heads' output, stored; ctx is its register tile
    for (Func f : {a.ln1.out, a.q, a.k, a.v, ctx_out}) f.compute_root();
    // A projection `dot` reduced over `r`, in 4 x 4 register tiles of its consumer `out`.
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.tile(c, t, co, tq_o, ci, tq_i, 4, tq, TailStrategy::GuardWithIf).reorder(ci, tq_i, co, tq_o);
        Func lanes = dot.update().split(r.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, u);
        dot.compute_at(out, co);
        lanes.compute_at(out, co).reorder_storage(u, c, t).bound_storage(c, 4).bound_storage(t, tq);
        lanes.vectorize(u).unroll(c).unroll(t);
        lanes.update().reorder(u, c, t, ko).vectorize(u).unroll(c).unroll(t);
        dot.unroll(c).unroll(t);
        dot.update().reorder(ku, c, t).atomic().vectorize(ku).unroll(c).unroll(t);
        out.unroll(ci).unroll(tq_i);
    };
    // The statistics of a LayerNorm, per row, reduced in vector partials, at (at, v).
    auto statistics = [&](task::LayerNorm &ln, Func at, Var v) {
        for (Func red : {ln.sum, ln.sum_sq}) {
            Func part = red.update().split(a.rk.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
            part.compute_at(at, v).vectorize(w);
            part.update().vectorize(w);
            red.compute_at(at, v);
            red.update().atomic().vectorize(ku);
        }
        ln.mean.compute_at(at, v);
        ln.rstd.compute_at(at, v);
    };
    // @layer loops
    // Phase 0.
    a.ln1.out.parallel(a.t);
    // Phase 1.
    for (auto [out, dot] : {std::pair{a.q, a.q_dot}, std::pair{a.k, a.k_dot}, std::pair{a.v, a.v_dot}}) {
        project(out, dot, a.rk);
        out.parallel(co);
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
    project(a.y, a.f2_dot, a.rf);
    a.y.parallel(tq_o);
    project(a.res1, a.o_dot, a.rk);
    project(a.ff, a.f1_dot, a.rk);
    // @layer memory
    a.k.reorder_storage(a.t, a.c);  // tokens innermost: a vector of keys is one dense load
    statistics(a.ln1, a.ln1.out, a.t);
    a.scores.compute_at(ctx_out, hc);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) fn.compute_at(ctx_out, hc);
    a.ctx.compute_at(ctx_out, dco).bound_storage(a.c, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {a.res1, a.ln2.out, a.ff}) fn.compute_at(a.y, tq_o);
    statistics(a.ln2, a.y, tq_o);
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
    a.ln2.out.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
