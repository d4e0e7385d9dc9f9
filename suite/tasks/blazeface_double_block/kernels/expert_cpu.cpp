// Expert cpu schedule for `blazeface_double_block`: the block in two fused passes, rows in
// parallel, as a deployed runtime runs it on BlazeFace's small maps:
//   x_padded, p1_padded: the depthwise inputs copied once with their zero pad of 2, so the
//       5x5 taps read dense rows;
//   p1: per output row, the depthwise d1 row (all C channels) is computed into a row buffer
//       (compute_at the row: each d1 value once), then the project conv accumulates tiles
//       of 1 vector of columns x 8 channels in registers across C, bias and ReLU fused;
//   y: likewise, the d2 row over M channels, then the expand conv in register tiles, the
//       bias, the residual and the ReLU fused into the store.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps: BlazeFace's maps are 16 and 8 wide), so the convs are
// specialized on the width: rows at least v wide shift the last vector inwards, narrower
// rows use guarded (GuardWithIf) vectors; channel blocks are guarded, so any count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {{a.conv_p1, a.p1}, {a.conv_p2, a.y}};
    const std::vector<std::pair<Func, Func>> dws = {{a.d1, a.p1}, {a.d2, a.y}};
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
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        for (auto [conv, out] : convs) {
            at(out, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.conv_p1, w, 0).reorder(a.col, a.c, a.rc);
        at(a.conv_p2, w, 0).reorder(a.col, a.c, a.rm);
        for (auto [dw, out] : dws) at(dw, w, 0).reorder(a.col, a.rk.x, a.rk.y, a.c);
    }
    for (Func f : {a.x_padded, a.p1_padded}) f.parallel(a.c);
    // @layer memory
    for (auto [conv, out] : convs) conv.compute_at(out, xo);
    for (auto [dw, out] : dws) dw.compute_at(out, a.row);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (auto [conv, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        for (auto [dw, out] : dws) {
            at(dw, w).vectorize(a.col, w.v, guard);
            at(dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x);
        }
    }
    for (Func f : {a.x_padded, a.p1_padded}) f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
