// Expert cpu schedule for `blazeface_double_block_int8`: the block in two fused passes,
// rows in parallel, vectorized over columns in int32 lanes:
//   x_padded, p1_padded: the depthwise inputs copied once with their zero-point pad of 2;
//   p1: per output row, the int8 depthwise row d1 (all C channels, 25 taps unrolled,
//       requantized in vectors) is computed into a row buffer, then the project conv
//       accumulates tiles of 1 vector of columns x 8 channels of widened int8 products in
//       registers across C, the requantization and ReLU clamp fused into the int8 store;
//   y: likewise the int8 d2 row over M channels, then the expand conv in register tiles,
//      with its requantization, the ADD's two rescalings and the output requantization
//      and ReLU clamp fused into the int8 store (p2 inlined).
// The 1x1 weights are transposed once so that a tile's 8 channels are adjacent in memory.
// Register tiles need a constant column extent (v = the natural int32 vector width, halved
// down to 4 lanes for BlazeFace's 16- and 8-wide maps), so the convs are specialized on the
// width: rows at least v wide shift the last vector inwards, narrower rows use guarded
// (GuardWithIf) vectors; channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {{a.acc_p1, a.p1}, {a.acc_p2, a.y}};
    const std::vector<std::pair<Func, Func>> dws = {{a.acc_d1, a.d1}, {a.acc_d2, a.d2}};
    const std::vector<Func> dw_consumers = {a.p1, a.y};
    // @layer compute
    for (Func f : {a.x_padded, a.p1, a.p1_padded}) f.compute_root();
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({W >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        for (auto [acc, out] : convs) {
            at(out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.acc_p1, w, 0).reorder(a.col, a.c, a.rc);
        at(a.acc_p2, w, 0).reorder(a.col, a.c, a.rm);
    }
    for (auto [acc, d] : dws) {
        d.split(a.col, xo, xi, vec, guard).reorder(xi, xo, a.c, a.row, a.n);
        acc.update().reorder(a.col, a.rk.x, a.rk.y);
    }
    for (Func f : {a.x_padded, a.p1_padded}) f.parallel(a.c);
    // @layer memory
    for (auto [acc, out] : convs) acc.compute_at(out, xo);
    for (size_t i = 0; i < dws.size(); i++) {
        Func acc = dws[i].first, d = dws[i].second;
        d.compute_at(dw_consumers[i], a.row);
        acc.compute_at(d, xo);
    }
    for (auto [w, conv] : {std::pair{a.w_p1, a.acc_p1}, std::pair{a.w_p2, a.acc_p2}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        for (auto [acc, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(acc, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(acc, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
    }
    for (auto [acc, d] : dws) {
        d.vectorize(xi);
        acc.vectorize(a.col, vec, guard);
        acc.update().vectorize(a.col, vec, guard).unroll(a.rk.x).unroll(a.rk.y);
    }
    for (Func f : {a.x_padded, a.p1_padded}) f.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
