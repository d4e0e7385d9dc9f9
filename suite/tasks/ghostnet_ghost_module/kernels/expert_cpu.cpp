// Expert cpu schedule for `ghostnet_ghost_module`: two passes, the cheap branch never
// stored on its own.
//   p: the primary 1x1 conv + ReLU, rows in parallel, tiles of 1 vector of columns x 8
//      channels accumulated in registers across the C input channels (one x load feeds 8
//      FMAs);
//   y: one streaming pass over the output, rows in parallel, vectorized over columns: the
//      primary half copies p, the ghost half computes the cheap depthwise 3x3 + ReLU from
//      p on the fly (9 taps unrolled; the zero padding is a guarded read that loop
//      partitioning removes from the interior of each row).
// p's register tiles need a constant column extent, so p is specialized on the width: rows
// at least one vector wide shift the last vector inwards, narrower rows use guarded
// (GuardWithIf) vectors; channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent(), H = a.x.dim(1).extent(), M = a.w_p.dim(3).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    Func y("y_fast");
    {
        Expr m = max(a.c - M, 0);
        Expr acc = a.b_c(m);
        for (int ky = 0; ky < 3; ky++) {
            for (int kx = 0; kx < 3; kx++) {
                Expr cx = a.col + kx - 1, cy = a.row + ky - 1;
                Expr inside = cx >= 0 && cx < W && cy >= 0 && cy < H;
                Expr v = a.p(clamp(cx, 0, W - 1), clamp(cy, 0, H - 1), m, a.n);
                acc += a.w_c(kx, ky, 0, m) * select(inside, likely(v), 0.0f);
            }
        }
        y(a.col, a.row, a.c, a.n) = select(a.c < M, a.p(a.col, a.row, min(a.c, M - 1), a.n), max(acc, 0.0f));
    }
    a.p.compute_root();
    // @layer loops
    // Widest vector first: rows at least v wide use v-lane register tiles (the last vector
    // shifted inwards), halving down to 4 lanes (small maps), then a guarded fallback.
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
        at(a.p, w)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, ci, xo, co, a.row, a.n)
            .parallel(a.row);
        at(a.primary, w, 0).reorder(a.col, a.c, a.rc);
    }
    y.reorder(a.col, a.c, a.row, a.n).parallel(a.row);
    // @layer memory
    a.primary.compute_at(a.p, xo);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        at(a.p, w).vectorize(xi).unroll(ci);
        at(a.primary, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.primary, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
    }
    y.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.w_p, a.b_p, a.w_c, a.b_c}, {y}};
}
