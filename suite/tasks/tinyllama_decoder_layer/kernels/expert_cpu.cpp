// Expert cpu schedule for `tinyllama_decoder_layer`, staged as a decode runtime runs the
// layer (memory-bound GEMVs that stream each weight matrix once):
//   - every projection (q, k, v, o_proj + residual, gate + up + SiLU, down + residual) is a
//     GEMV over contiguous weight rows: tiles of 8 outputs in parallel, each output keeping
//     one vector of partial sums over the reduction (rfactor over the lanes), so one vector
//     load of the normed input feeds 8 rows' FMAs; gate and up share their tile and the SiLU
//     product is fused into its store, the residuals into the stores of o_proj and down;
//   - the RMSNorm sums of squares in vector partials, the norms fused with their weights;
//   - attention per query head in parallel: the scores as GEMVs over the cached keys
//     (tiles of 8 positions), exp vectorized over the positions, P V vectorized over the
//     head dimension, the cache reads indexed by the head's KV group.
// Every split is guarded (GuardWithIf), so any legal shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // outputs per GEMV tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var jo{"jo"}, ji{"ji"}, so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // A GEMV-like reduction `dot` over `r` (its first pure var the output index), computed
    // per tile of `rows` outputs at loop `v` of `at`.
    auto gemv_at = [&](Func dot, RDom r, Func at, Var v) {
        std::vector<Var> args = dot.args();
        Var o = args[0];
        Func lanes = dot.update().split(r.x, ko, ku, vec, guard).rfactor(ku, u);
        dot.compute_at(at, v);
        lanes.compute_at(at, v).reorder_storage(u, o).bound_storage(o, rows);
        lanes.vectorize(u).unroll(o);
        lanes.update().reorder(u, o, ko).vectorize(u).unroll(o);
        dot.unroll(o);
        dot.update().reorder(ku, o).atomic().vectorize(ku).unroll(o);
    };
    // A sum of squares in vector partials.
    auto sumsq = [&](Func red) {
        Func part = red.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
        part.compute_root().vectorize(w);
        part.update().vectorize(w);
        red.compute_root();
        red.update().atomic().vectorize(ku);
    };
    // @layer compute
    Func q_st = a.q_dot.in(), k_st = a.k_dot.in(), v_st = a.v_dot.in();  // the projections, stored
    for (Func f : {a.h1, q_st, k_st, v_st, a.q_rope, a.scores, a.row_max, a.ex, a.row_sum, a.pv, a.attn, a.x1, a.h2,
                   a.act}) {
        f.compute_root();
    }
    // @layer loops
    for (Func f : {q_st, k_st, v_st, a.x1, a.act, a.y}) {
        f.split(f.args()[0], jo, ji, rows, guard).parallel(jo);
    }
    a.scores.split(a.s, so, si, rows, guard).reorder(si, so, a.hq).parallel(a.hq);
    for (Func f : {a.row_max, a.ex, a.row_sum, a.pv}) f.parallel(a.hq);
    a.row_max.update().parallel(a.hq);
    a.row_sum.update().parallel(a.hq);
    a.pv.update().reorder(a.d, a.rs, a.hq).parallel(a.hq);
    // @layer memory
    sumsq(a.ss1);
    sumsq(a.ss2);
    gemv_at(a.q_dot, a.rk, q_st, jo);
    gemv_at(a.k_dot, a.rk, k_st, jo);
    gemv_at(a.v_dot, a.rk, v_st, jo);
    gemv_at(a.dot, a.rd, a.scores, so);
    gemv_at(a.o_dot, a.ro, a.x1, jo);
    gemv_at(a.g_dot, a.rk, a.act, jo);
    gemv_at(a.u_dot, a.rk, a.act, jo);
    gemv_at(a.d_dot, a.rf, a.y, jo);
    // @layer vector
    for (Func f : {a.h1, a.h2, a.attn}) f.vectorize(f.args()[0], vec, guard);
    a.q_rope.vectorize(a.d, vec, guard);
    a.ex.vectorize(a.s, vec, guard);
    a.pv.vectorize(a.d, vec, guard);
    a.pv.update().vectorize(a.d, vec, guard);
    // @end
    return a.kernel();
}
