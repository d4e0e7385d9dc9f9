// Expert cpu schedule for `conformer_relpos_attention`:
//   1. the position projection p = pos_emb W_pos^T in 4 x 4 register tiles (features x
//      positions), each keeping one vector of partial sums along the features (rfactor over
//      the lanes; W_pos and pos_emb rows read contiguously), stored transposed (positions
//      innermost); the keys copied transposed (frames innermost); q + u and q + v once;
//   2. per (head, strip of 4 query frames) in parallel: the scores in register tiles of 2
//      vectors of key frames x 4 queries, one loop over the head's dk dimensions feeding
//      both the content term (a vector of keys) and the shifted position term (a vector of
//      position rows T - 1 - t + s: contiguous, so the relative shift costs nothing), the
//      softmax's max and sum in vector partials, the normalized row stored vectorized.
// Every split is guarded (GuardWithIf), so any shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // query frames per strip and per register tile
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, tq_o{"tq_o"}, tq_i{"tq_i"}, so{"so"}, si{"si"};
    Var u{"u"}, w{"w"}, th{"th"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    Func pst = a.p_dot.in(a.s_dot);  // the projected positions, stored transposed
    Func kt = a.k.in(a.s_dot);       // the keys, transposed
    for (Func f : {pst, kt, a.qu, a.qv}) f.compute_root();
    // @layer loops
    {
        Var c = pst.args()[0], j = pst.args()[1];
        pst.tile(c, j, co, tq_o, ci, tq_i, 4, tq, TailStrategy::GuardWithIf).reorder(ci, tq_i, co, tq_o).parallel(tq_o);
        Func lanes = a.p_dot.update().split(a.rc.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, u);
        a.p_dot.compute_at(pst, co);
        lanes.compute_at(pst, co).reorder_storage(u, a.c, a.j).bound_storage(a.c, 4).bound_storage(a.j, tq);
        lanes.vectorize(u).unroll(a.c).unroll(a.j);
        lanes.update().reorder(u, a.c, a.j, ko).vectorize(u).unroll(a.c).unroll(a.j);
        a.p_dot.unroll(a.c).unroll(a.j);
        a.p_dot.update().reorder(ku, a.c, a.j).atomic().vectorize(ku).unroll(a.c).unroll(a.j);
        pst.unroll(ci).unroll(tq_i);
        pst.reorder_storage(j, c);
    }
    {
        Var c = kt.args()[0], t = kt.args()[1];
        kt.reorder_storage(t, c).reorder(t, c).vectorize(t, vec, TailStrategy::GuardWithIf).parallel(c);
    }
    a.attn.split(a.t, to, ti, tq, TailStrategy::GuardWithIf)
        .reorder(a.s, ti, to, a.h)
        .fuse(to, a.h, th)
        .parallel(th);
    a.scores.tile(a.s, a.t, so, tq_o, si, tq_i, 2 * vec, tq, TailStrategy::GuardWithIf).reorder(si, tq_i, so, tq_o);
    Func max_part = a.row_max.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    Func sum_part = a.row_sum.update().split(a.rs, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
    // @layer memory
    a.scores.compute_at(a.attn, th);
    a.s_dot.compute_at(a.scores, so).bound_storage(a.s, 2 * vec).bound_storage(a.t, tq);
    for (Func fn : {max_part, a.row_max, a.ex, sum_part, a.row_sum}) fn.compute_at(a.attn, th);
    // @layer vector
    a.qu.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.qv.vectorize(a.c, vec, TailStrategy::GuardWithIf);
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
    a.attn.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
