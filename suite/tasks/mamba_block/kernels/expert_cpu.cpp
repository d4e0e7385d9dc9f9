// Expert cpu schedule for `mamba_block`, in the phases a prefill runtime runs a Mamba block:
//   1. RMSNorm per token in parallel; in_proj weight-stationary: output features in parallel
//      tiles of 2 vectors, every strip of 4 tokens against that column block of in_w (kept
//      in cache), the 2 vectors x 4 tokens of accumulators in registers (a contiguous piece
//      of a weight row against a broadcast activation);
//   2. the causal conv + SiLU, vectorized over features; x_proj and dt_proj (+ softplus)
//      as in 1;
//   3. the selective scan, parallel over blocks of one vector of inner features: for each
//      token, each state index's chain advances one vector of features at a time (the
//      chains are independent, so the feature loop is outside the token loop only where
//      the schedule needs it), exp of dt A vectorized; the readout s . C + Dp u and the SiLU
//      gate vectorized over features per token;
//   4. out_proj + residual as in 1.
// Tails GuardWithIf, so any L, D, E, N, R work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"};
    // @layer compute
    Func xz = a.xz_dot.in(), dbc = a.dbc_dot.in();
    for (Func f : {a.hn, xz, a.u, dbc, a.dt, a.A, a.s, a.y}) f.compute_root();
    auto project = [&](Func out, Func dot, RDom r) {
        Var c = out.args()[0], t = out.args()[1];
        out.tile(c, t, co, to, ci, ti, 2 * vec, tq, guard).reorder(ci, ti, to, co).parallel(co);
        dot.compute_at(out, to).bound_storage(c, 2 * vec).bound_storage(t, tq);
        dot.vectorize(c, vec, guard).unroll(c).unroll(t);
        dot.update().reorder(c, t, r.x).vectorize(c, vec, guard).unroll(c).unroll(t);
        out.vectorize(ci, vec, guard).unroll(ci).unroll(ti);
    };
    // @layer loops
    a.ss.compute_at(a.hn, a.t);
    a.rms.compute_at(a.hn, a.t);
    a.hn.parallel(a.t);
    project(xz, a.xz_dot, a.rd);
    a.u.parallel(a.t);
    project(dbc, a.dbc_dot, a.re);
    project(a.dt, a.dt_dot, a.rr);
    {
        a.s.split(a.c, co, ci, vec, guard).parallel(co).vectorize(ci);
        Stage su = a.s.update();
        su.split(a.c, co, ci, vec, guard).reorder(ci, a.n, a.rt.x, co).parallel(co).vectorize(ci);
    }
    a.yc.compute_at(a.y, a.t);
    a.y.parallel(a.t);
    project(a.out, a.out_dot, a.re);
    // @layer vector
    a.hn.vectorize(a.c, vec, guard);
    a.u.vectorize(a.c, vec, guard);
    a.A.vectorize(a.c, vec, guard);
    a.yc.vectorize(a.c, vec, guard);
    a.yc.update().reorder(a.c, a.rn.x).vectorize(a.c, vec, guard);
    a.y.vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
