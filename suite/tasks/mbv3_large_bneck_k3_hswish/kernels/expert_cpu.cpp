// Expert cpu schedule for `mbv3_large_bneck_k3_hswish`: the whole block fused per strip of output
// rows, strips in parallel. Inside a strip, rows of h1 slide through a small buffer (each
// h1 row is expanded once per strip, in register tiles of 1 vector of columns x 8
// channels) and are copied into the zero-padded h1 rows; per output row the depthwise
// computes the h2 row over all E channels, then the project conv accumulates 1 vector of
// columns x 8 output channels in registers, the bias and the residual fused into the
// store. Vectorized over columns. Register tiles need a constant column extent, so the
// schedule is specialized on the width: rows at least one vector wide shift the last
// column tile inwards, narrower rows use half-width vectors, and only rows narrower than
// that fall back to guarded (GuardWithIf) tails.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 7;   // output rows per strip (one parallel task); MobileNet maps are 7k tall
    const int chans = 8;  // channels per register tile
    const Expr W = a.x.dim(0).extent();
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // The specializations, most specific first; the last one (no condition) is the general
    // schedule.
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths = {{W >= vec, vec, TailStrategy::ShiftInwards}};
    if (vec >= 8) widths.push_back({W >= vec / 2, vec / 2, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    // The stage of f (its update `u` if u >= 0) that runs under width w.
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    // @layer compute
    // h1, h1_padded (the zero pad, so that the depthwise reads it densely) and h2 are
    // materialized per row inside a strip; expand, dw and project live in registers of
    // their consumers' tiles (below).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, ri, ro, a.n)
            .parallel(ro);
        at(a.h1, w)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, a.row, a.n);
        at(a.h2, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n);
        at(a.expand, w, 0).reorder(a.col, a.c, a.rc);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y);
        at(a.project, w, 0).reorder(a.col, a.c, a.re);
    }
    // @layer memory
    a.project.compute_at(a.y, xo);
    a.h2.store_at(a.y, ro).compute_at(a.y, ri);
    a.dw.compute_at(a.h2, xo);
    a.h1_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.h1.store_at(a.y, ro).compute_at(a.y, ri);
    a.expand.compute_at(a.h1, xo);
    // The 1x1 weights, transposed once so that a tile's 8 channels are adjacent in memory.
    for (auto [w, conv] : {std::pair{a.w_expand, a.expand}, std::pair{a.w_project, a.project}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.project, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.project, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.h2, w).vectorize(xi);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
        at(a.h1_padded, w).vectorize(a.col, w.v, guard);
        at(a.h1, w).vectorize(xi).unroll(ci);
        at(a.expand, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.expand, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
    }
    // @end
    return a.kernel();
}
