// Expert cpu schedule for `rwkv_time_mix`, in the phases a chunked-prefill runtime runs it:
//   1. LayerNorm per token in parallel (the two statistics per token, then a vector pass),
//      the token shift and the three mixes as vector passes;
//   2. the k, v, r projections: each weight matrix copied once transposed (output feature
//      innermost, vector x vector tiles transposed in registers; the copy is ~1/T of the
//      product's work), then weight-stationary register tiles: output features in parallel
//      tiles of 2 vectors, every strip of 4 tokens against that column block, 2 vectors x 4
//      tokens of accumulators in registers;
//   3. the WKV scan: parallel over blocks of one vector of channels, each block's chains
//      advancing token by token in vector registers (channels are independent); wkv and the
//      receptance gate as vector passes;
//   4. the output projection + residual as in 2.
// Tails GuardWithIf, so any T and C work.
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
    Func k = a.k_dot.in(), v = a.v_dot.in(), r = a.r_dot.in();
    for (Func f : {a.xx, a.kin, a.vin, a.rin, k, v, r, a.st, a.y}) f.compute_root();
    // Each weight matrix copied once transposed (output feature innermost), in vector x vector
    // tiles (dense loads along the input dimension, transposed in registers); the copy is
    // ~1/T of a projection's work.
    Var oo{"oo"}, io{"io"}, oi{"oi"}, ii{"ii"};
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w_k, a.k_dot}, {a.w_v, a.v_dot}, {a.w_r, a.r_dot}, {a.w_o, a.o_dot}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        Var i = wt.args()[0], o = wt.args()[1];
        wt.compute_root().reorder_storage(o, i).tile(o, i, oo, io, oi, ii, vec, vec, guard).reorder(oi, ii, oo, io)
            .vectorize(oi).unroll(ii).parallel(io);
    }
    // Weight-stationary register tiles: output features in parallel tiles of 2 vectors, every
    // strip of 4 tokens against that column block, 2 vectors x 4 tokens of accumulators.
    auto project = [&](Func out, Func dot, RDom rr) {
        Var c = out.args()[0], t = out.args()[1];
        out.tile(c, t, co, to, ci, ti, 2 * vec, tq, guard).reorder(ci, ti, to, co).parallel(co);
        dot.compute_at(out, to).bound_storage(c, 2 * vec).bound_storage(t, tq);
        dot.vectorize(c, vec, guard).unroll(c).unroll(t);
        dot.update().reorder(c, t, rr.x).vectorize(c, vec, guard).unroll(c).unroll(t);
        out.vectorize(ci, vec, guard).unroll(ci).unroll(ti);
    };
    // @layer loops
    a.mean.compute_at(a.xx, a.t);
    a.var.compute_at(a.xx, a.t);
    a.xx.parallel(a.t);
    for (Func f : {a.kin, a.vin, a.rin, a.y}) f.parallel(a.t);
    project(k, a.k_dot, a.ri);
    project(v, a.v_dot, a.ri);
    project(r, a.r_dot, a.ri);
    a.st.split(a.c, co, ci, vec, guard).parallel(co).vectorize(ci);
    a.st.update().split(a.c, co, ci, vec, guard).reorder(ci, a.rt.x, co).parallel(co).vectorize(ci);
    project(a.out, a.o_dot, a.ri);
    // @layer vector
    for (Func f : {a.xx, a.kin, a.vin, a.rin, a.y}) f.vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
