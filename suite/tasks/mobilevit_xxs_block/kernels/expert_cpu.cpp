// Expert cpu schedule for `mobilevit_xxs_block`, layer by layer as a mobile runtime runs the
// block, each stage parallel over pixel rows and vectorized over the pixels of a row (the
// feature maps stay planar, so unfold and fold are free index maps):
//   - every convolution and dense layer (conv 3x3, conv 1x1, qkv, proj, fc1, fc2, conv_proj,
//     the 3x3 fusion) in register tiles of 1 vector of pixels x 4 output channels, a weight
//     broadcast feeding a vector FMA, with its bias, SiLU and residual fused into the store;
//   - each LayerNorm computed per row of pixels just before the dense layer that reads it,
//     its statistics vectorized over the pixels;
//   - attention per pixel row in parallel (all heads): the row's scores against its sequence's
//     keys vectorized over the queries, the softmax over the keys, P V in register tiles of
//     1 vector of queries x 4 features;
//   - the zero borders of the two 3x3 convolutions materialized once (no per-tap selects).
// Every split is guarded (GuardWithIf), so any legal shape (down to a 2x2 map) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var io{"io"}, ii{"ii"}, co{"co"}, ci{"ci"};
    // `out` stored, its reduction `dot` (over `r`, all updates) in register tiles per (vector
    // of pixels, 4 channels), rows in parallel.
    auto project = [&](Func out, Func dot, RDom r, bool root = true) {
        Var i = out.args()[0], j = out.args()[1], c = out.args()[2];
        if (root) out.compute_root();
        out.split(c, co, ci, 4, guard).split(i, io, ii, vec, guard).reorder(ii, ci, io, co, j).parallel(j);
        out.vectorize(ii).unroll(ci);
        dot.compute_at(out, io);
        dot.vectorize(a.i, vec, guard).unroll(a.c);
        for (int u = 0; u < (int)dot.num_update_definitions(); u++) {
            std::vector<VarOrRVar> order = {a.i, a.c};
            for (int d = 0; d < r.dimensions(); d++) order.push_back(r[d]);
            order.push_back(a.j);
            dot.update(u).reorder(order).vectorize(a.i, vec, guard).unroll(a.c);
        }
    };
    // A LayerNorm computed per pixel row of its consumer `at`.
    auto layernorm_at = [&](task::LayerNorm &ln, Func at) {
        for (Func f : {ln.sum, ln.mean, ln.sum_sq, ln.rstd, ln.out}) {
            f.compute_at(at, a.j).vectorize(a.i, vec, guard);
        }
        for (Func f : {ln.sum, ln.sum_sq}) f.update().reorder(a.i, a.rD, a.j).vectorize(a.i, vec, guard);
    };
    // @layer compute
    Func t0_st = a.t0.in();
    std::vector<Func> ctx_out;
    for (auto &L : a.layers) ctx_out.push_back(L.ctx.in());
    a.x_pad.compute_root();
    a.pj_pad.compute_root();
    // @layer loops
    a.x_pad.parallel(a.c).vectorize(a.i, vec, guard);
    a.pj_pad.parallel(a.c).vectorize(a.i, vec, guard);
    project(a.local, a.local_dot, a.rl);
    project(t0_st, a.t0, a.rC);
    for (size_t l = 0; l < a.layers.size(); l++) {
        task::Layer &L = a.layers[l];
        project(L.qkv, L.qkv_dot, a.rD);
        project(ctx_out[l], L.ctx, a.rN);
        project(L.res1, L.pr_dot, a.rD);
        project(L.ff, L.f1_dot, a.rD);
        project(L.out, L.f2_dot, a.rF);
    }
    project(a.pj, a.pj_dot, a.rD);
    project(a.y, a.fuse_dot, a.rl, false);
    // @layer memory
    for (size_t l = 0; l < a.layers.size(); l++) {
        task::Layer &L = a.layers[l];
        layernorm_at(L.ln1, L.qkv);
        layernorm_at(L.ln2, L.ff);
        Func at = ctx_out[l];
        for (Func f : {L.scores, L.row_max, L.ex, L.row_sum, L.probs}) f.compute_at(at, a.j);
        L.s_dot.compute_at(L.scores, a.m);
        for (Func f : {L.scores, L.ex, L.probs}) f.reorder_storage(a.i, a.m, a.j, a.h).reorder(a.i, a.m, a.j, a.h);
    }
    layernorm_at(a.norm, a.pj);
    // @layer vector
    for (auto &L : a.layers) {
        for (Func f : {L.scores, L.ex, L.probs}) f.vectorize(a.i, vec, guard);
        L.s_dot.vectorize(a.i, vec, guard);
        L.s_dot.update().reorder(a.i, a.rd, a.m, a.j, a.h).vectorize(a.i, vec, guard);
        for (Func f : {L.row_max, L.row_sum}) {
            f.vectorize(a.i, vec, guard);
            f.update().reorder(a.i, a.rN, a.j, a.h).vectorize(a.i, vec, guard);
        }
    }
    // @end
    return a.kernel();
}
