// Expert cpu schedule for `mbv3_bneck_k5_s2_se_hswish`: the SE makes the block two phases
// (the gate needs all of h2 before the project conv can start), staged as a deployed
// runtime does, with the gate folded into the project weights instead of rescaling h2:
//   h1: the expand 1x1 conv + h-swish, rows in parallel, tiles of 1 vector of columns x 8
//       channels in registers across the C input channels (one x load feeds 8 FMAs);
//   h2: per channel in parallel: the channel's h1 plane is copied once into a zero-padded
//       scratch, then the stride-2 5x5 depthwise (25 taps unrolled; the strided reads are
//       dense loads and shuffles) + h-swish, vectorized over output columns;
//   pool_sum, fc1, fc2, gate: the SE's plane sums and its tiny MLP;
//   w_scaled(e, k) = w_proj[k, e] * gate[e]: conv1x1(h2 * g, w) == conv1x1(h2, w * g), so
//       the gate costs K*E multiplies instead of E*Ho*Wo;
//   y: the project conv over w_scaled, rows in parallel, tiles of 1 vector x 8 output
//       channels in registers across E, the bias fused into the store.
// Register tiles need a constant column extent, so the 1x1 convs are specialized on their
// row width (W for h1, Wo for y): rows at least v wide (v = the natural vector width, halved
// down to 4 lanes for 7-wide maps) use v-lane vectors with the last one shifted inwards;
// narrower rows use guarded (GuardWithIf) vectors. Channel blocks are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent();
    const Expr Wo = (W - 1) / task::kStride + 1;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, e{"e"};
    // @layer compute
    Func w_scaled("w_scaled"), project("project_fast"), y("y_fast");
    w_scaled(e, a.c) = a.w_proj(0, 0, e, a.c) * a.gate(e, 0);
    project(a.col, a.row, a.c, a.n) = 0.0f;
    project(a.col, a.row, a.c, a.n) += w_scaled(a.re, a.c) * a.h2(a.col, a.row, a.re, a.n);
    y(a.col, a.row, a.c, a.n) = project(a.col, a.row, a.c, a.n) + a.b_proj(a.c);
    for (Func f : {a.h1, a.h2, a.pool_sum, a.fc1, a.fc2, a.gate, w_scaled}) f.compute_root();
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    // Per row width (W for h1, Wo for y), widest vector first, then a guarded fallback.
    auto widths_for = [&](const Expr &extent) {
        std::vector<Width> ws;
        for (int v = vec; v >= 4; v /= 2) ws.push_back({extent >= v, v, TailStrategy::ShiftInwards});
        ws.push_back({Expr(), vec, TailStrategy::GuardWithIf});
        return ws;
    };
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    struct Conv {
        Func out, conv;  // the tiled output and its 1x1 reduction
        RVar r;          // the reduced channels
        Expr width;      // the row width it is specialized on
    };
    const std::vector<Conv> convs = {{a.h1, a.expand, a.rc, W}, {y, project, a.re, Wo}};
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
            at(cv.conv, w, 0).reorder(a.col, a.c, cv.r);
        }
    }
    a.h2.reorder(a.col, a.row, a.c, a.n).parallel(a.c);
    a.pool_sum.update().parallel(a.c);
    // @layer memory
    a.expand.compute_at(a.h1, xo);
    project.compute_at(y, xo);
    a.h1_padded.compute_at(a.h2, a.c);
    a.dw.compute_at(a.h2, a.row);
    // @layer vector
    const TailStrategy guard = TailStrategy::GuardWithIf;
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w).vectorize(xi).unroll(ci);
            at(cv.conv, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(cv.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
    }
    // The depthwise rows: the widest of 16/8/4 lanes that the output row holds (guarded tails).
    a.h1_padded.vectorize(a.col, 4, guard);
    for (int v : {16, 8, 4}) {
        if (v > vec) continue;
        Expr fits = Wo >= v;
        a.h2.specialize(fits).vectorize(a.col, v, guard);
        a.dw.specialize(fits).vectorize(a.col, v, guard);
        a.dw.update().specialize(fits).reorder(a.col, a.rk.x, a.rk.y).vectorize(a.col, v, guard)
            .unroll(a.rk.x).unroll(a.rk.y);
    }
    a.dw.update().reorder(a.col, a.rk.x, a.rk.y).unroll(a.rk.x).unroll(a.rk.y);
    w_scaled.vectorize(e, vec, guard);
    // @end
    return {{a.x, a.w_exp, a.b_exp, a.w_dw, a.b_dw, a.w_fc1, a.b_fc1, a.w_fc2, a.b_fc2, a.w_proj, a.b_proj},
            {y}};
}
