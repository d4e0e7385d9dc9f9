// Expert cpu schedule for `conformer_block`, one pass per operator as a deployed runtime
// runs the layer, each pass parallel and vectorized:
//   LayerNorms: per frame in parallel, statistics in vector partials (rfactor), the
//     normalized rows stored once;
//   every linear / pointwise conv (the FFNs, q, k, v, the position projection, the output
//     projection, pw1 + GLU, pw2): register tiles of 2 vectors of output features x 4 rows
//     (8 accumulators across the whole reduction, one transposed-weight vector feeding 4
//     FMAs against broadcast activations; pw1 keeps 1 vector x both GLU halves x 4 rows),
//     row blocks in parallel, bias, Swish, GLU, half step and residual fused into the
//     stores; the weights copied once transposed (output feature innermost); k and the
//     projected positions stored transposed (frames innermost);
//   attention per (head, strip of 4 queries) in parallel: the content and shifted position
//     scores in register tiles of 2 vectors of keys x 4 queries (the relative shift makes
//     the position rows contiguous in the key index), the softmax's max and sum in vector
//     partials, P V in tiles of 1 vector of the head's dimensions x 4 queries;
//   the depthwise conv (31 taps) in tiles of 1 vector of channels x 4 frames, bias and
//     Swish fused.
// Every split is guarded (GuardWithIf), so any shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;  // rows (frames, queries, positions) per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, so{"so"}, si{"si"}, tq_o{"tq_o"}, tq_i{"tq_i"};
    Var dco{"dco"}, dci{"dci"}, u{"u"}, th{"th"};
    RVar ko{"ko"}, ku{"ku"};
    // A linear stage: `out` (stored at root, tiled) consumes `dot`, the reduction over `rv`
    // (innermost first) of activations times the weights `wp`, whose output-feature and
    // reduction dimensions are `oc` and `kc`. `cv` vectors of output features per tile;
    // With `glu`, the dot has the extra dimension g of extent 2 (the GLU halves).
    auto linear = [&](Func out, Func dot, std::vector<RVar> rv, ImageParam wp, int oc, int kc, int cv, Var c, Var t,
                      bool glu = false) {
        Var g = a.g;
        out.compute_root()
            .split(t, to, ti, rows, guard)
            .split(c, co, ci, cv * vec, guard)
            .reorder(ci, ti, co, to)
            .parallel(to)
            .vectorize(ci, vec, guard)
            .unroll(ci)
            .unroll(ti);
        Func d = dot.compute_at(out, co).bound_storage(c, cv * vec).bound_storage(t, rows);
        if (glu) d.bound_storage(g, 2);
        std::vector<VarOrRVar> order = {c};
        if (glu) order.push_back(g);
        order.push_back(t);
        for (RVar r : rv) order.push_back(r);
        dot.vectorize(c, vec, guard).unroll(c).unroll(t);
        dot.update().reorder(order).vectorize(c, vec, guard).unroll(c).unroll(t);
        if (glu) {
            dot.unroll(g);
            dot.update().unroll(g);
        }
        Func wt = wp.in(dot);
        std::vector<Var> v = wt.args();
        std::vector<Var> storage = {v[oc], v[kc]};
        for (int i = 0; i < (int)v.size(); i++) {
            if (i != oc && i != kc) storage.push_back(v[i]);
        }
        Var oo{"oo"}, oi{"oi"}, kko{"kko"}, kki{"kki"};
        wt.compute_root()
            .reorder_storage(storage)
            .tile(v[oc], v[kc], oo, kko, oi, kki, 8, 8, guard)
            .reorder(oi, kki, kko, oo)
            .parallel(oo);
    };
    // A LayerNorm's normalized rows stored at root, per frame in parallel.
    auto layernorm = [&](task::LayerNorm &ln) {
        ln.out.compute_root().parallel(a.t).vectorize(a.c, vec, guard);
        for (Func red : {ln.sum, ln.sum_sq}) {
            Func part = red.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, u);
            part.compute_at(ln.out, a.t).vectorize(u);
            part.update().vectorize(u);
            red.compute_at(ln.out, a.t);
            red.update().atomic().vectorize(ku);
        }
        ln.mean.compute_at(ln.out, a.t);
        ln.rstd.compute_at(ln.out, a.t);
    };
    // @layer compute
    // @layer loops
    for (task::LayerNorm *ln : {&a.lna, &a.lnm, &a.lnc, &a.lnf, &a.lny}) layernorm(*ln);
    linear(a.ffa, a.f1a_dot, {a.rk.x}, a.ff_W1, 1, 0, 2, a.c, a.t);
    linear(a.x1, a.f2a_dot, {a.rf.x}, a.ff_W2, 1, 0, 2, a.c, a.t);
    linear(a.q, a.q_dot, {a.rk.x}, a.Wq, 1, 0, 2, a.c, a.t);
    linear(a.k, a.k_dot, {a.rk.x}, a.Wk, 1, 0, 2, a.c, a.t);
    linear(a.v, a.v_dot, {a.rk.x}, a.Wv, 1, 0, 2, a.c, a.t);
    Func pst = a.p_dot.in(a.s_dot);  // the projected positions, stored transposed
    linear(pst, a.p_dot, {a.rk.x}, a.W_pos, 1, 0, 2, a.c, a.j);
    pst.reorder_storage(a.j, a.c);
    a.k.reorder_storage(a.t, a.c);  // frames innermost: a vector of keys is one dense load
    Func ctx_out = a.ctx.in();      // the heads' outputs, stored; ctx is its register tile
    ctx_out.compute_root()
        .split(a.c, dco, dci, vec, guard)
        .split(a.t, to, ti, rows, guard)
        .reorder(dci, ti, dco, to, a.h)
        .fuse(to, a.h, th)
        .parallel(th)
        .unroll(ti);
    a.scores.tile(a.s, a.t, so, tq_o, si, tq_i, 2 * vec, rows, guard).reorder(si, tq_i, so, tq_o);
    Func max_part = a.row_max.update().split(a.rs, ko, ku, vec, guard).rfactor(ku, u);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ku, vec, guard).rfactor(ku, u);
    linear(a.x2, a.o_dot, {a.rhd.x, a.rhd.y}, a.Wo, 1, 0, 2, a.c, a.t);
    linear(a.glu, a.pw1, {a.rk.x}, a.pw1_w, 2, 1, 1, a.c, a.t, true);
    a.act.compute_root()
        .split(a.t, to, ti, rows, guard)
        .split(a.c, co, ci, vec, guard)
        .reorder(ci, ti, co, to)
        .parallel(to)
        .unroll(ti);
    linear(a.x3, a.pw2, {a.rk.x}, a.pw2_w, 2, 1, 2, a.c, a.t);
    linear(a.ffb, a.f1b_dot, {a.rk.x}, a.ff_W1, 1, 0, 2, a.c, a.t);
    linear(a.x4, a.f2b_dot, {a.rf.x}, a.ff_W2, 1, 0, 2, a.c, a.t);
    // @layer memory
    a.scores.compute_at(ctx_out, th);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, rows);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) fn.compute_at(ctx_out, th);
    a.ctx.compute_at(ctx_out, dco).bound_storage(a.c, vec).bound_storage(a.t, rows);
    a.dw.compute_at(a.act, co).bound_storage(a.c, vec).bound_storage(a.t, rows);
    {
        Func dwt = a.dw_w.in(a.dw);  // the depthwise taps, channel innermost
        std::vector<Var> v = dwt.args();
        dwt.compute_root().reorder_storage(v[2], v[0], v[1]);
    }
    // @layer vector
    a.scores.vectorize(si, vec, guard).unroll(si).unroll(tq_i);
    a.s_dot.vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.s_dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    for (Func part : {max_part, sum_part}) {
        part.vectorize(u);
        part.update().vectorize(u);
    }
    a.row_max.update().atomic().vectorize(ku);
    a.row_sum.update().atomic().vectorize(ku);
    a.ex.vectorize(a.s, vec, guard);
    a.probs.vectorize(a.s, vec, guard);
    ctx_out.vectorize(dci);
    a.ctx.vectorize(a.c, vec, guard).unroll(a.t);
    a.ctx.update().reorder(a.c, a.t, a.rs).vectorize(a.c, vec, guard).unroll(a.t);
    a.act.vectorize(ci);
    a.dw.vectorize(a.c, vec, guard).unroll(a.t);
    a.dw.update().reorder(a.c, a.t, a.rw).vectorize(a.c, vec, guard).unroll(a.t);
    // @end
    return a.kernel();
}
