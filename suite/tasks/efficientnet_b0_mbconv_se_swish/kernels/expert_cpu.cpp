// Expert cpu schedule for `efficientnet_b0_mbconv_se_swish`: the SE makes the block two phases (the
// gate needs all of h2 before the project conv can start), staged as a deployed runtime
// does, with the gate folded into the project weights instead of rescaling h2:
//   h1: the expand 1x1 conv + swish, rows in parallel, tiles of 1 vector of columns x 8
//       channels in registers across the C input channels (one x load feeds 8 FMAs);
//   h2: per channel in parallel: the channel's h1 plane is copied once into a zero-padded
//       scratch, then the 3x3 depthwise (9 taps unrolled) + swish, vectorized over
//       columns; the SE's spatial sum of the channel is taken from the finished plane;
//   fc1, fc2, gate: the tiny SE MLP, serial (a few microseconds);
//   w_scaled(e, c) = w_proj[c, e] * gate[e]: conv1x1(h2 * g, w) == conv1x1(h2, w * g), so
//       the gate costs C*E multiplies instead of E*H*W;
//   y: the project conv over w_scaled, rows in parallel, tiles of 1 vector x 8 output
//       channels in registers across E, bias and residual fused into the store.
// Register tiles need a constant column extent, so the 1x1 convs are specialized on the
// width: rows at least v wide (v = the natural vector width, halved down to 4 lanes for
// 7-wide maps) use v-lane vectors with the last one shifted inwards; narrower rows use
// guarded (GuardWithIf) vectors. Channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, e{"e"};
    // @layer compute
    Func w_scaled("w_scaled"), project("project_fast"), y("y_fast");
    w_scaled(e, a.c) = a.w_proj(0, 0, e, a.c) * a.gate(e, 0);
    project(a.col, a.row, a.c, a.n) = 0.0f;
    project(a.col, a.row, a.c, a.n) += w_scaled(a.re, a.c) * a.h2(a.col, a.row, a.re, a.n);
    y(a.col, a.row, a.c, a.n) = project(a.col, a.row, a.c, a.n) + a.b_proj(a.c) + a.x(a.col, a.row, a.c, a.n);
    for (Func f : {a.h1, a.h2, a.pool_sum, a.fc1, a.fc2, a.gate, w_scaled}) f.compute_root();
    // @layer loops
    // Widest vector first: rows at least v wide use v-lane vectors (the last shifted inwards),
    // halving down to 4 lanes (7-wide maps), then a guarded fallback.
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({W >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        for (Func f : {a.h1, y}) {
            at(f, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.expand, w, 0).reorder(a.col, a.c, a.rc);
        at(project, w, 0).reorder(a.col, a.c, a.re);
    }
    a.h2.reorder(a.col, a.row, a.c, a.n).parallel(a.c);
    a.pool_sum.update().parallel(a.c);
    // @layer memory
    a.expand.compute_at(a.h1, xo);
    project.compute_at(y, xo);
    a.h1_padded.compute_at(a.h2, a.c);
    a.dw.compute_at(a.h2, a.row);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.h1, y}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.expand, project}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
    }
    // The depthwise rows: the widest of 16/8/4 lanes that the row holds (guarded tails).
    a.h1_padded.vectorize(a.col, 4, TailStrategy::GuardWithIf);
    for (int v : {16, 8, 4}) {
        if (v > vec) continue;
        Expr fits = W >= v;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.h2.specialize(fits).vectorize(a.col, v, guard);
        a.dw.specialize(fits).vectorize(a.col, v, guard);
        a.dw.update().specialize(fits).reorder(a.col, a.rk.x, a.rk.y).vectorize(a.col, v, guard)
            .unroll(a.rk.x).unroll(a.rk.y);
    }
    a.dw.update().reorder(a.col, a.rk.x, a.rk.y).unroll(a.rk.x).unroll(a.rk.y);
    w_scaled.vectorize(e, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.w_exp, a.b_exp, a.w_dw, a.b_dw, a.w_fc1, a.b_fc1, a.w_fc2, a.b_fc2, a.w_proj, a.b_proj},
            {y}};
}
