// Expert cpu schedule for `mobilebert_layer`, in three phases as a deployed runtime runs it:
//   1. the bottlenecks and q, k, v (the layer input x read by four dense layers), each
//      output element one vector of partial sums over the contiguous weight row (rfactor over
//      the lanes, summed across lanes as it is stored), token strips in parallel; k then
//      transposed once so that the score tiles read keys contiguously;
//   2. attention per strip of 4 queries in parallel (all 4 heads): scores in register tiles
//      of 2 vectors of keys x 4 queries, the softmax, P V in tiles of 2 vectors of features
//      x 4 queries;
//   3. the rest of the layer, dense layer after dense layer (the attention output + NoNorm,
//      the three FFNs, the intermediate, the output and the output bottleneck), each the same
//      way with its bias, ReLU, residual and NoNorm fused into the store, strips of 4 tokens
//      in parallel; the 128- and 512-wide intermediates stay in L2.
// Every split is guarded (GuardWithIf), so any legal shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens (queries) per strip and per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, tq_o{"tq_o"}, tq_i{"tq_i"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // A dense layer's `dot` reduced over `r`: one vector of partial sums per output element
    // (rfactor over the lanes, summed across lanes as the element is stored), strips of 4
    // tokens of `out` in parallel.
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, tq_o, tq_i, tq, guard).reorder(c, tq_i, tq_o);
        Func lanes = dot.update().split(r.x, ko, ku, vec, guard).rfactor(ku, u);
        dot.compute_at(out, c);
        lanes.compute_at(out, c);
        lanes.vectorize(u);
        lanes.update().vectorize(u);
        dot.update().atomic().vectorize(ku);
    };
    // @layer compute
    Func kt = a.k.in(a.s_dot);  // k with the tokens innermost (below)
    Func ctx_out = a.ctx.in();  // the heads' output, stored; ctx is its register tile
    for (Func f : {a.li, a.sa, a.q, a.k, a.v, kt, ctx_out}) f.compute_root();
    // @layer loops
    // Phase 1.
    for (int i = 0; i < 5; i++) {
        project(a.projections[i].out, a.projections[i].dot, a.projections[i].r);
        a.projections[i].out.parallel(tq_o);
    }
    {
        Var kc = kt.args()[0], ks = kt.args()[1];
        kt.reorder_storage(ks, kc).reorder(ks, kc).vectorize(ks, vec, guard).parallel(kc);
    }
    // Phase 2.
    ctx_out.split(a.t, to, ti, tq, guard).split(a.c, co, ci, 2 * vec, guard).reorder(ci, ti, co, to).parallel(to);
    a.scores.tile(a.s, a.t, so, tq_o, si, tq_i, 2 * vec, tq, guard).reorder(si, tq_i, so, tq_o);
    Func max_part = a.row_max.update().split(a.rs, ko, ku, vec, guard).rfactor(ku, w);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ku, vec, guard).rfactor(ku, w);
    // Phase 3.
    const int n = (int)a.projections.size();
    for (int i = 5; i < n; i++) {
        project(a.projections[i].out, a.projections[i].dot, a.projections[i].r);
        a.projections[i].out.parallel(tq_o);
    }
    // @layer memory
    a.scores.compute_at(ctx_out, to);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) fn.compute_at(ctx_out, to);
    a.ctx.compute_at(ctx_out, co).bound_storage(a.c, 2 * vec).bound_storage(a.t, tq);
    for (int i = 5; i < n - 1; i++) a.projections[i].out.compute_root();
    // @layer vector
    a.scores.vectorize(si, vec, guard).unroll(si).unroll(tq_i);
    a.s_dot.vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.s_dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    for (Func part : {max_part, sum_part}) {
        part.vectorize(w);
        part.update().vectorize(w);
    }
    a.row_max.update().atomic().vectorize(ku);
    a.row_sum.update().atomic().vectorize(ku);
    a.ex.vectorize(a.s, vec, guard);
    a.probs.vectorize(a.s, vec, guard);
    ctx_out.vectorize(ci, vec, guard).unroll(ci).unroll(ti);
    a.ctx.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    a.ctx.update().reorder(a.c, a.t, a.rs).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.t);
    // @end
    return a.kernel();
}
