// Expert cpu schedule for `whisper_tiny_cross_attention`, as a decoder step runs it:
//   0. the LayerNorm of the few query rows (statistics in vector partials, rfactor);
//   1. the query projection in 4 x 4 register tiles (features x tokens), each keeping one
//      vector of partial sums along D (Wq rows are read contiguously, no transposed copy:
//      with one to four tokens the projection is bound by reading Wq once), feature tiles
//      in parallel;
//   2. per head in parallel: the scores against the cached keys in the same lane-partial
//      tiles (4 frames x 4 queries, the 64 head dimensions along the vector lanes), the
//      softmax's max and sum in vector partials over the frames, then P V in tiles of 2
//      vectors of the head's dimensions x 4 queries, reading v_cache rows contiguously;
//   3. the output projection in the register tiles of step 1, bias and residual fused.
// Every split is guarded (GuardWithIf) or divides D (a multiple of 64), so any Tq and Ta
// (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens per register tile
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, tq_o{"tq_o"}, tq_i{"tq_i"}, hc{"hc"}, hd{"hd"};
    Var dco{"dco"}, dci{"dci"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    Func ctx_out = a.ctx.in();  // the heads' output, stored; ctx is its register tile
    a.ln.compute_root();
    a.q.compute_root();
    ctx_out.compute_root();
    // A reduction `dot` over `r` in 4 x 4 register tiles of its consumer `out`, each element
    // keeping one vector of partial sums along r (rfactor over the lanes).
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
    // @layer loops
    a.ln.parallel(a.t);
    project(a.q, a.q_dot, a.rk);
    a.q.parallel(co);
    ctx_out.split(a.c, hc, hd, A::head_dim)
        .split(hd, dco, dci, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.t, to, ti, tq, TailStrategy::GuardWithIf)
        .reorder(dci, ti, dco, to, hc)
        .parallel(hc);
    project(a.scores, a.s_dot, a.rd);
    Func max_part = a.row_max.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    project(a.y, a.o_dot, a.rk);
    a.y.parallel(co);
    // @layer memory
    for (Func red : {a.sum, a.sum_sq}) {
        Func part = red.update().split(a.rk.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
        part.compute_at(a.ln, a.t).vectorize(w);
        part.update().vectorize(w);
        red.compute_at(a.ln, a.t);
        red.update().atomic().vectorize(ku);
    }
    a.mean.compute_at(a.ln, a.t);
    a.rstd.compute_at(a.ln, a.t);
    a.scores.compute_at(ctx_out, hc);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum, a.probs}) fn.compute_at(ctx_out, hc);
    a.ctx.compute_at(ctx_out, dco).bound_storage(a.c, 2 * vec).bound_storage(a.t, tq);
    // @layer vector
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
    a.ln.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
