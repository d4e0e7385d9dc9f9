// Expert cpu schedule for `bert_tiny_ffn_postln`: the whole sub-block fused per strip of 4
// tokens, strips in parallel, all intermediates of a strip in L1: fc1 + bias + GELU (erf),
// then fc2 + bias + residual, each in register tiles of 4 features x 4 tokens that keep one
// vector of partial sums over the reduction per element (rfactor over the lanes, summed
// across lanes as the tile is stored), then the LayerNorm's statistics in vector partials
// and the normalized, affine store. Every split is guarded (GuardWithIf), so any T, D and F
// (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;  // tokens per strip and per register tile
    Var co{"co"}, ci{"ci"}, tq_o{"tq_o"}, tq_i{"tq_i"}, to{"to"}, ti{"ti"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
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
    // @layer loops
    a.y.split(a.t, to, ti, tq, TailStrategy::GuardWithIf).reorder(a.c, ti, to).parallel(to);
    project(a.ff, a.f1_dot, a.rk);
    project(a.z, a.f2_dot, a.rf);
    // @layer memory
    a.ff.compute_at(a.y, to);
    a.z.compute_at(a.y, to);
    for (Func red : {a.sum, a.sum_sq}) {
        Func part = red.update().split(a.rk.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
        part.compute_at(a.y, to).vectorize(w);
        part.update().vectorize(w);
        red.compute_at(a.y, to);
        red.update().atomic().vectorize(ku);
    }
    a.mean.compute_at(a.y, to);
    a.rstd.compute_at(a.y, to);
    // @layer vector
    a.y.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
