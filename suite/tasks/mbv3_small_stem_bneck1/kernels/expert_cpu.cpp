// Expert cpu schedule for `mbv3_small_stem_bneck1`: the SE makes the graph two phases (the
// gate needs all of d before the project conv can start), staged as a deployed runtime
// does:
//   d: the stem and the strided depthwise fused per strip of d rows, strips in parallel, so
//      the Hs x Ws x C stem map never leaves the caches: the input rows are copied once into
//      zero-padded rows, each stem row s is computed once per strip (rows slide through a
//      small buffer) in register tiles of 1 vector of columns x 8 channels across the 27
//      taps (stride-2 reads: dense loads and shuffles), h-swish fused, and copied into
//      zero-padded rows; per d row the stride-2 depthwise + ReLU, 9 taps unrolled;
//   pool_sum, fc1, fc2, gate: the SE's plane sums and its tiny MLP;
//   w_scaled(c, k) = w_proj[k, c] * gate[c]: conv1x1(d * g, w) == conv1x1(d, w * g);
//   y: the project conv over w_scaled, rows in parallel, tiles of 1 vector x 8 output
//      channels in registers across C, the bias fused into the store.
// Register tiles need a constant column extent, so the schedule is specialized on the output
// width: rows at least one vector wide use tiles of one natural vector with the last shifted
// inwards; narrower rows use guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;   // d rows per strip (one parallel task)
    const int chans = 8;  // channels per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    const Expr Wo = ((W - 1) / 2) / 2 + 1;  // Wo >= v implies Ws >= v
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, e{"e"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    // One vector width (a specialization per width multiplies the fused loop nests' lowering time).
    widths.push_back({Wo >= vec, vec, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    // @layer compute
    Func w_scaled("w_scaled"), project("project_fast"), y("y_fast");
    w_scaled(e, a.c) = a.w_proj(0, 0, e, a.c) * a.gate(e, 0);
    project(a.col, a.row, a.c, a.n) = 0.0f;
    project(a.col, a.row, a.c, a.n) += w_scaled(a.rcc, a.c) * a.d(a.col, a.row, a.rcc, a.n);
    y(a.col, a.row, a.c, a.n) = project(a.col, a.row, a.c, a.n) + a.b_proj(a.c);
    for (Func f : {a.d, a.pool_sum, a.fc1, a.fc2, a.gate, w_scaled}) f.compute_root();
    // @layer loops
    for (const Width &w : widths) {
        at(a.d, w)
            .split(a.row, ro, ri, rows, guard)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, xo, a.c, ri, ro, a.n)
            .parallel(ro);
        at(a.s, w)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, guard)
            .reorder(xi, ci, xo, co, a.row, a.n);
        at(a.stem, w, 0).reorder(a.col, a.c, a.rs.x, a.rs.y, a.rs.z);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y);
        at(y, w)
            .split(a.c, co, ci, chans, guard)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, ci, xo, co, a.row, a.n)
            .parallel(a.row);
        at(project, w, 0).reorder(a.col, a.c, a.rcc);
    }
    // @layer memory
    a.s.store_at(a.d, ro).compute_at(a.d, ri);
    a.stem.compute_at(a.s, xo);
    a.x_padded.store_at(a.d, ro).compute_at(a.d, ri);
    a.s_padded.store_at(a.d, ro).compute_at(a.d, ri);
    a.dw.compute_at(a.d, xo);
    project.compute_at(y, xo);
    // @layer vector
    for (const Width &w : widths) {
        at(a.d, w).vectorize(xi);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
        at(a.s, w).vectorize(xi).unroll(ci);
        at(a.stem, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.stem, w, 0).vectorize(a.col, w.v, guard).unroll(a.c).unroll(a.rs.x);
        at(a.x_padded, w).vectorize(a.col, w.v, guard);
        at(a.s_padded, w).vectorize(a.col, w.v, guard);
        at(y, w).vectorize(xi).unroll(ci);
        at(project, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(project, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
    }
    w_scaled.vectorize(e, vec, guard);
    // @end
    return {{a.x, a.w_stem, a.b_stem, a.w_dw, a.b_dw, a.w_fc1, a.b_fc1, a.w_fc2, a.b_fc2, a.w_proj, a.b_proj}, {y}};
}
