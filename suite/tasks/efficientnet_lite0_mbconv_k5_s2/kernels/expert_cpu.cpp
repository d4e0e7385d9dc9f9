// Expert cpu schedule for `efficientnet_lite0_mbconv_k5_s2`: the whole block fused per strip of output
// rows, strips in parallel. Inside a strip, rows of h1 slide through a small buffer (each
// h1 row is expanded once per strip, in register tiles of 1 vector of columns x 8 channels
// across the C input channels) and are copied into zero-padded rows; per output row the
// stride-2 depthwise computes the h2 row over all E channels (the strided reads are dense
// loads and shuffles), then the project conv accumulates 1 vector of output columns x 8
// output channels in registers across E, the bias fused into the store. Register tiles
// need a constant column extent, so the schedule is specialized on the output width: rows
// at least v wide (v = the natural vector width, or 4 lanes for narrower maps)
// use v-lane tiles with the last shifted inwards; narrower rows use guarded vectors.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;   // output rows per strip (one parallel task)
    const int chans = 8;  // channels per register tile
    const Expr W = a.x.dim(0).extent();
    const Expr Wo = (W - 1) / task::kStride + 1;
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    // Widest first; the last one (no condition) is the general schedule. Wo >= v implies
    // W >= v, so the h1 rows (W wide) hold the same vectors.
    std::vector<Width> widths;
    // (The natural vector and 4 lanes only: each specialization multiplies the lowering time
    // of the loop nests fused inside it.)
    widths.push_back({Wo >= vec, vec, TailStrategy::ShiftInwards});
    if (vec > 4) widths.push_back({Wo >= 4, 4, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    // @layer compute
    // h1, h1_padded and h2 are materialized per row inside a strip; expand, dw and project
    // live in registers of their consumers' tiles (below).
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
