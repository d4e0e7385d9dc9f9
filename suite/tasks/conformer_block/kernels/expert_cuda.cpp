// Expert cuda schedule for `conformer_block`: one kernel per stored stage, every stage on the
// device.
//   LayerNorms: one thread per frame for the statistics (row sums in registers), then the
//     normalized rows, 32 features x 4 frames per block;
//   every linear / pointwise conv (FFNs, q, k, v, positions, output projection, pw1 + GLU,
//     pw2): one thread per (output feature, 4 rows), the 4 sums (8 for pw1's two GLU
//     halves) in registers across the reduction, so a weight load feeds 4 FMAs; bias,
//     Swish, GLU, half step and residual fused; 32 threads (a warp) along the features;
//     k and the projected positions stored transposed (frames innermost);
//   scores: one thread per (key, 4 queries, head), threads adjacent along the keys
//     (coalesced k and position rows); row max and sum one thread per (query, head);
//   ctx: one thread per (head dimension, 4 queries, head), P V in registers;
//   depthwise conv: one thread per (channel, frame), 31 taps in a register, bias + Swish.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func pst = a.p_dot.in();                                  // the projected positions
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();  // one value per row and head
    Func ctx_out = a.ctx.in();                                // the heads' outputs
    // (a stored stage, its reduction kept in registers, the reduction's RVars innermost first)
    const std::vector<std::tuple<Func, Func, std::vector<RVar>>> linears = {
        {a.ffa, a.f1a_dot, {a.rk.x}}, {a.x1, a.f2a_dot, {a.rf.x}}, {a.q, a.q_dot, {a.rk.x}},
        {a.k, a.k_dot, {a.rk.x}},     {a.v, a.v_dot, {a.rk.x}},    {pst, a.p_dot, {a.rk.x}},
        {a.x2, a.o_dot, {a.rhd.x, a.rhd.y}}, {a.x3, a.pw2, {a.rk.x}}, {a.ffb, a.f1b_dot, {a.rk.x}},
        {a.x4, a.f2b_dot, {a.rf.x}}};
    // @layer compute
    for (auto [out, dot, rv] : linears) out.compute_root();
    for (Func f : {a.scores, max_out, a.ex, sum_out, a.probs, ctx_out, a.glu, a.act}) f.compute_root();
    for (task::LayerNorm *ln : {&a.lna, &a.lnm, &a.lnc, &a.lnf, &a.lny}) {
        ln->mean.compute_root();
        ln->rstd.compute_root();
        ln->out.compute_root();
    }
    // @layer loops
    for (auto [out, dot, rv] : linears) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, t, tv, 4, guard).reorder(tv, c, t).gpu_tile(c, t, xo, yo, xi, yi, tx, 4, guard).unroll(tv);
    }
    a.glu.split(a.t, a.t, tv, 4, guard).reorder(tv, a.c, a.t).gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard).unroll(tv);
    a.act.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    a.scores.split(a.t, a.t, tv, 4, guard)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard)
        .unroll(tv);
    for (Func f : {a.ex, a.probs}) f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.h, xo, yo, xi, yi, 8, 1, guard);
    ctx_out.split(a.t, a.t, tv, 4, guard)
        .reorder(tv, a.c, a.t, a.h)
        .gpu_tile(a.c, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard)
        .unroll(tv);
    for (task::LayerNorm *ln : {&a.lna, &a.lnm, &a.lnc, &a.lnf, &a.lny}) {
        ln->mean.gpu_tile(a.t, yo, yi, 8, guard);
        ln->rstd.gpu_tile(a.t, yo, yi, 8, guard);
        ln->out.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    }
    // @layer memory
    a.k.reorder_storage(a.t, a.c);
    pst.reorder_storage(pst.args()[1], pst.args()[0]);
    for (auto [out, dot, rv] : linears) {
        dot.compute_at(out, xi).store_in(MemoryType::Register);
        Var t = dot.args()[1];
        std::vector<VarOrRVar> order = {t, dot.args()[0]};
        for (RVar r : rv) order.push_back(r);
        dot.unroll(t);
        dot.update().reorder(order).unroll(t);
    }
    a.pw1.compute_at(a.glu, xi).store_in(MemoryType::Register).unroll(a.g).unroll(a.t);
    a.pw1.update().reorder(a.g, a.t, a.c, a.rk.x).unroll(a.g).unroll(a.t);
    a.s_dot.compute_at(a.scores, xi).store_in(MemoryType::Register).unroll(a.t);
    a.s_dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.ctx.compute_at(ctx_out, xi).store_in(MemoryType::Register).unroll(a.t);
    a.ctx.update().reorder(a.t, a.c, a.h, a.rs).unroll(a.t);
    a.dw.compute_at(a.act, xi).store_in(MemoryType::Register);
    for (task::LayerNorm *ln : {&a.lna, &a.lnm, &a.lnc, &a.lnf, &a.lny}) {
        ln->sum.compute_at(ln->mean, yi).store_in(MemoryType::Register);
        ln->sum_sq.compute_at(ln->rstd, yi).store_in(MemoryType::Register);
    }
    // @layer vector
    a.dw.update().unroll(a.rw, 8, guard);
    // @end
    return a.kernel();
}
