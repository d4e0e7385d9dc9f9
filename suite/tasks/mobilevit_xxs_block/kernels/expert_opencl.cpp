// Expert opencl schedule for `mobilevit_xxs_block`: one kernel per stored stage, every stage on
// the device, the feature maps planar (unfold and fold are index maps). Each convolution and
// dense layer, and P V, runs one work-item per (pixel, 4 channels), the 4 dot products in registers
// across the reduction so an input load feeds 4 FMAs, the bias, SiLU and residual fused into
// the store; the scores one work-item per (query pixel, key); the LayerNorm statistics and the
// softmax's max and sum one work-item per pixel (and head) accumulating in a register. 16
// work-items along the pixels of a row; all tails GuardWithIf, so any legal shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int tx = 16;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, cv{"cv"}, jh{"jh"};
    Func t0_st = a.t0.in();
    // (a stored stage, the reduction in the registers of its work-items, the reduction's domain)
    std::vector<std::tuple<Func, Func, RDom>> tiles = {{a.local, a.local_dot, a.rl}, {t0_st, a.t0, a.rC},
                                                       {a.pj, a.pj_dot, a.rD}, {a.y, a.fuse_dot, a.rl}};
    std::vector<std::pair<Func, Func>> rows;  // (a per-pixel stage, its reduction in a register)
    std::vector<Func> maps = {a.x_pad, a.pj_pad}, attn;
    auto add_ln = [&](task::LayerNorm &ln) {
        rows.emplace_back(ln.mean, ln.sum);
        rows.emplace_back(ln.rstd, ln.sum_sq);
        maps.push_back(ln.out);
    };
    for (auto &L : a.layers) {
        Func ctx_out = L.ctx.in();
        tiles.emplace_back(L.qkv, L.qkv_dot, a.rD);
        tiles.emplace_back(ctx_out, L.ctx, a.rN);
        tiles.emplace_back(L.res1, L.pr_dot, a.rD);
        tiles.emplace_back(L.ff, L.f1_dot, a.rD);
        tiles.emplace_back(L.out, L.f2_dot, a.rF);
        add_ln(L.ln1);
        add_ln(L.ln2);
        attn.push_back(L.ex);
        attn.push_back(L.probs);
        rows.emplace_back(L.row_max.in(), L.row_max);
        rows.emplace_back(L.row_sum.in(), L.row_sum);
    }
    add_ln(a.norm);
    // @layer compute
    for (auto [out, dot, r] : tiles) {
        if (out.name() != a.y.name()) out.compute_root();
    }
    for (auto [f, red] : rows) f.compute_root();
    for (Func f : maps) f.compute_root();
    for (Func f : attn) f.compute_root();
    for (auto &L : a.layers) L.scores.compute_root();
    // @layer loops
    for (auto [out, dot, r] : tiles) {
        Var i = out.args()[0], j = out.args()[1], c = out.args()[2];
        out.split(c, c, cv, 4, guard).reorder(cv, i, j, c).gpu_tile(i, j, c, xo, yo, zo, xi, yi, zi, tx, 2, 1, guard);
        out.unroll(cv);
    }
    for (auto [f, red] : rows) {
        std::vector<Var> v = f.args();
        if (v.size() == 2) {
            f.gpu_tile(v[0], v[1], xo, yo, xi, yi, tx, 2, guard);
        } else {
            f.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, tx, 2, 1, guard);
        }
    }
    for (Func f : maps) f.gpu_tile(a.i, a.j, a.c, xo, yo, zo, xi, yi, zi, tx, 2, 1, guard);
    for (Func f : attn) {
        f.reorder(a.i, a.m, a.j, a.h).fuse(a.j, a.h, jh).gpu_tile(a.i, a.m, jh, xo, yo, zo, xi, yi, zi, tx, 2, 1, guard);
    }
    for (auto &L : a.layers) {
        // One score per thread (its dot product's register has a constant size only with the
        // bounds below: Halide infers none through the fused j, h).
        L.scores.reorder(a.i, a.m, a.j, a.h).fuse(a.j, a.h, jh).gpu_tile(a.i, a.m, jh, xo, yo, zo, xi, yi, zi, tx, 2, 1, guard);
    }
    // @layer memory
    for (auto [out, dot, r] : tiles) dot.compute_at(out, xi).store_in(MemoryType::Register);
    for (auto [f, red] : rows) red.compute_at(f, xi).store_in(MemoryType::Register);
    for (auto &L : a.layers) {
        L.s_dot.compute_at(L.scores, xi).store_in(MemoryType::Register);
        for (Var v : L.s_dot.args()) L.s_dot.bound_extent(v, 1);
    }
    // @layer vector
    for (auto [out, dot, r] : tiles) {
        dot.unroll(a.c);
        for (int u = 0; u < (int)dot.num_update_definitions(); u++) {
            std::vector<VarOrRVar> order = {a.c};
            for (int d = 0; d < r.dimensions(); d++) order.push_back(r[d]);
            for (Var v : {a.i, a.j}) order.push_back(v);
            dot.update(u).reorder(order).unroll(a.c);
        }
    }
    for (auto &L : a.layers) {
        L.s_dot.unroll(a.m);
        L.s_dot.update().reorder(a.m, a.rd, a.i, a.j, a.h).unroll(a.m);
    }
    // @end
    return a.kernel();
}
