// Expert cuda schedule for `bert_tiny_encoder`: one kernel per stored stage, every stage on the
// device. Each projection (QKV, P V, output + residual, FFN 1 + GELU, FFN 2 + residual) runs
// one thread per (feature, 4 tokens), the 4 dot products in registers across the reduction so a
// weight load feeds 4 FMAs; the scores likewise per (key, 4 queries, head); the softmax's max
// and sum and the LayerNorm statistics one thread per row accumulating in a register; the
// embedding gather fused into the embedding LayerNorm's reads; the pooler one thread per
// feature. 32 threads along the features (keys) of a group; all tails GuardWithIf, so any
// token count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 32;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    std::vector<std::tuple<Func, Func, RDom>> projections;  // (stored stage, reduction in registers, its domain)
    std::vector<std::pair<Func, Func>> rows;                 // (per-row stage, its reduction in a register)
    std::vector<Func> maps, attn, scores;
    auto add_ln = [&](task::LayerNorm &ln) {
        rows.emplace_back(ln.mean, ln.sum);
        rows.emplace_back(ln.rstd, ln.sum_sq);
        maps.push_back(ln.out);
    };
    add_ln(a.emb_ln);
    for (auto &L : a.layers) {
        Func ctx_out = L.ctx.in();
        projections.emplace_back(L.qkv, L.qkv_dot, a.rk);
        projections.emplace_back(ctx_out, L.ctx, a.rs);
        projections.emplace_back(L.res1, L.o_dot, a.rk);
        projections.emplace_back(L.ff, L.f1_dot, a.rk);
        projections.emplace_back(L.res2, L.f2_dot, a.rf);
        rows.emplace_back(L.row_max.in(), L.row_max);
        rows.emplace_back(L.row_sum.in(), L.row_sum);
        attn.push_back(L.ex);
        attn.push_back(L.probs);
        scores.push_back(L.scores);
        add_ln(L.ln1);
        add_ln(L.ln2);
    }
    // @layer compute
    for (auto [out, dot, r] : projections) out.compute_root();
    for (auto [f, red] : rows) f.compute_root();
    for (Func f : maps) f.compute_root();
    for (Func f : attn) f.compute_root();
    for (Func f : scores) f.compute_root();
    // @layer loops
    for (auto [out, dot, r] : projections) {
        out.split(a.t, a.t, tv, 4, guard).reorder(tv, a.c, a.t).gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
        out.unroll(tv);
    }
    for (auto [f, red] : rows) {
        std::vector<Var> v = f.args();
        if (v.size() == 1) {
            f.gpu_tile(v[0], xo, xi, 8, guard);
        } else {
            f.gpu_tile(v[0], v[1], xo, yo, xi, yi, 8, 1, guard);
        }
    }
    for (Func f : maps) f.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    for (Func f : attn) f.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
    for (Func f : scores) {
        f.split(a.t, a.t, tv, 4, guard).reorder(tv, a.s, a.t, a.h).gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, tx, 4, 1, guard);
        f.unroll(tv);
    }
    a.hidden.gpu_tile(a.c, a.t, xo, yo, xi, yi, tx, 4, guard);
    a.pooled.gpu_tile(a.c, xo, xi, tx, guard);
    // @layer memory
    for (auto [out, dot, r] : projections) dot.compute_at(out, xi).store_in(MemoryType::Register);
    for (auto [f, red] : rows) red.compute_at(f, xi).store_in(MemoryType::Register);
    for (auto &L : a.layers) L.s_dot.compute_at(L.scores, xi).store_in(MemoryType::Register);
    a.pool_dot.compute_at(a.pooled, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [out, dot, r] : projections) {
        dot.unroll(a.t);
        dot.update().reorder(a.t, a.c, r.x).unroll(a.t);
    }
    for (auto &L : a.layers) {
        L.s_dot.unroll(a.t);
        L.s_dot.update().reorder(a.t, a.s, a.h, a.rd).unroll(a.t);
    }
    // @end
    return a.kernel();
}
