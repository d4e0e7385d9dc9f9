// Expert cpu schedule for `smollm_prefill_decoder_layer`, staged as a prefill runtime runs
// the layer:
//   - every projection (q, k, v, o_proj + residual, gate + up + SiLU, down + residual) in
//     register tiles of 4 outputs x 4 tokens that keep one vector of partial sums over the
//     reduction per element (rfactor over the lanes, summed across lanes as the tile is
//     stored), so a weight vector feeds 4 tokens and an activation vector 4 outputs; gate and
//     up share their tile and the SiLU product is fused into its store, the residuals into
//     the stores of o_proj and down; tiles in parallel;
//   - the RMSNorms per token in parallel (sums of squares in vector partials);
//   - RoPE and the cache fill vectorized over the head dimension; the keys transposed once;
//   - attention per query head in parallel: the causal scores in register tiles of 2 vectors
//     of keys x 4 queries and exp, then the sums, then P V vectorized over the head dimension with the key
//     loop trimmed to s <= t.
// Every split is guarded (GuardWithIf), so any legal shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ct{"ct"}, ci{"ci"}, tq_o{"tq_o"}, tq_i{"tq_i"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // The reductions `dots` over `r`, in 4 x 4 register tiles of their consumer `out`.
    auto project = [&](Func out, const std::vector<Func> &dots, RDom r, bool root = true) {
        Var c = out.args()[0], t = out.args()[1];
        if (root) out.compute_root();
        out.tile(c, t, co, tq_o, ci, tq_i, 4, tq, guard).reorder(ci, tq_i, co, tq_o).fuse(co, tq_o, ct).parallel(ct);
        out.unroll(ci).unroll(tq_i);
        for (Func dot : dots) {
            Func lanes = dot.update().split(r.x, ko, ku, vec, guard).rfactor(ku, u);
            dot.compute_at(out, ct);
            lanes.compute_at(out, ct).reorder_storage(u, a.c, a.t).bound_storage(a.c, 4).bound_storage(a.t, tq);
            lanes.vectorize(u).unroll(a.c).unroll(a.t);
            lanes.update().reorder(u, a.c, a.t, ko).vectorize(u).unroll(a.c).unroll(a.t);
            dot.unroll(a.c).unroll(a.t);
            dot.update().reorder(ku, a.c, a.t).atomic().vectorize(ku).unroll(a.c).unroll(a.t);
        }
    };
    // A per-token RMSNorm `h` with its sum of squares `ss` (vector partials).
    auto rmsnorm = [&](Func h, Func ss) {
        h.compute_root().parallel(a.t).vectorize(a.c, vec, guard);
        Func part = ss.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
        ss.compute_at(h, a.t);
        part.compute_at(h, a.t).vectorize(w);
        part.update().vectorize(w);
        ss.update().atomic().vectorize(ku);
    };
    // @layer compute
    Func q_st = a.q_dot.in(), k_st = a.k_dot.in(), v_st = a.v_dot.in();  // the projections, stored
    Func kt = a.k_cache.in(a.dot);  // the rotated keys with the positions innermost
    // @layer loops
    rmsnorm(a.h1, a.ss1);
    rmsnorm(a.h2, a.ss2);
    project(q_st, {a.q_dot}, a.rk);
    project(k_st, {a.k_dot}, a.rk);
    project(v_st, {a.v_dot}, a.rk);
    project(a.x1, {a.o_dot}, a.ro);
    project(a.act, {a.g_dot, a.u_dot}, a.rk);
    project(a.y, {a.d_dot}, a.rf, false);
    // @layer memory
    a.q_rope.compute_root().parallel(a.hq).vectorize(a.d, vec, guard);
    a.k_cache.parallel(a.g).vectorize(a.d, vec, guard);
    a.v_cache.parallel(a.g).vectorize(a.d, vec, guard);
    {
        std::vector<Var> v = kt.args();  // (d, s, g)
        kt.compute_root().reorder_storage(v[1], v[0], v[2]).reorder(v[1], v[0], v[2]).parallel(v[2]);
        kt.vectorize(v[1], vec, guard);
    }
    a.pv.compute_root().parallel(a.hq).vectorize(a.d, vec, guard);
    a.pv.update().reorder(a.d, a.rc, a.t, a.hq).parallel(a.hq).vectorize(a.d, vec, guard);
    a.ex.compute_root().reorder(a.s, a.t, a.hq).parallel(a.hq);
    for (Func f : {a.scores, a.row_max}) f.compute_at(a.ex, a.hq);
    a.row_sum.compute_root().parallel(a.hq);
    a.row_sum.update().parallel(a.hq);
    a.scores.tile(a.s, a.t, so, tq_o, si, tq_i, 2 * vec, tq, guard).reorder(si, tq_i, so, tq_o);
    a.dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    a.attn.compute_root().parallel(a.t);
    // @layer vector
    a.scores.vectorize(si, vec, guard).unroll(si).unroll(tq_i);
    a.dot.vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.rd).vectorize(a.s, vec, guard).unroll(a.s).unroll(a.t);
    a.ex.vectorize(a.s, vec, guard);
    // @end
    return a.kernel();
}
