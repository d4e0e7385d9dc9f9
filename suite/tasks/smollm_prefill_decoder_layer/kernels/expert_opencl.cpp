// Expert opencl schedule for `smollm_prefill_decoder_layer`: one kernel per stored stage, every
// stage on the device. Each projection (q, k, v, o_proj + residual, gate + up + SiLU, down +
// residual) runs one work-item per (output, 4 tokens), the 4 dot products in registers across the
// reduction so a weight load feeds 4 FMAs (gate and up in the same work-item); the RMSNorm sums
// one work-item per token; the causal scores one work-item per (key, 4 queries, head); the softmax's
// max and sum one work-item per (query, head); P V one work-item per (head feature, query, head), its
// key loop trimmed to s <= t. 16 work-items along the outputs (keys) of a group; all tails
// GuardWithIf, so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    Func q_st = a.q_dot.in(), k_st = a.k_dot.in(), v_st = a.v_dot.in();  // the projections, stored
    Func max_out = a.row_max.in(), sum_out = a.row_sum.in();
    Func ss1_out = a.ss1.in(), ss2_out = a.ss2.in();
    // (a stored stage, the reduction in the registers of its work-items)
    const std::vector<std::tuple<Func, Func, RDom>> projections = {
        {q_st, a.q_dot, a.rk}, {k_st, a.k_dot, a.rk},  {v_st, a.v_dot, a.rk}, {a.x1, a.o_dot, a.ro},
        {a.act, a.g_dot, a.rk}, {a.act, a.u_dot, a.rk}, {a.y, a.d_dot, a.rf}};
    // @layer compute
    for (Func f : {ss1_out, a.h1, q_st, k_st, v_st, a.q_rope, a.scores, max_out, a.ex, sum_out, a.pv, a.attn, a.x1,
                   ss2_out, a.h2, a.act}) {
        f.compute_root();
    }
    // @layer loops
    for (Func out : {q_st, k_st, v_st, a.x1, a.act, a.y}) {
        Var c = out.args()[0], t = out.args()[1];
        out.split(t, t, tv, 4, guard).reorder(tv, c, t).gpu_tile(c, t, xo, yo, xi, yi, tx, 4, guard);
        out.unroll(tv);
    }
    for (Func f : {ss1_out, ss2_out}) f.gpu_tile(a.t, xo, xi, 8, guard);
    for (Func f : {a.h1, a.h2, a.attn}) f.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    for (Func f : {a.q_rope, a.k_cache, a.v_cache}) {
        std::vector<Var> v = f.args();
        f.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    }
    a.scores.split(a.t, a.t, tv, 4, guard)
        .reorder(tv, a.s, a.t, a.hq)
        .gpu_tile(a.s, a.t, a.hq, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    a.scores.unroll(tv);
    a.ex.gpu_tile(a.s, a.t, a.hq, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    for (Func f : {max_out, sum_out}) f.gpu_tile(a.t, a.hq, xo, yo, xi, yi, tx, 1, guard);
    a.pv.gpu_tile(a.d, a.t, a.hq, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    a.pv.update().gpu_tile(a.d, a.t, a.hq, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    // @layer memory
    for (auto [out, dot, r] : projections) dot.compute_at(out, xi).store_in(MemoryType::Register);
    a.dot.compute_at(a.scores, xi).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, xi).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, xi).store_in(MemoryType::Register);
    a.ss1.compute_at(ss1_out, xi).store_in(MemoryType::Register);
    a.ss2.compute_at(ss2_out, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, dot, r] : projections) {
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.s, a.hq, a.rd).unroll(a.t);
    // @end
    return a.kernel();
}
