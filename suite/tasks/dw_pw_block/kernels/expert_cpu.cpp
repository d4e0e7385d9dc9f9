// Expert cpu schedule for `dw_pw_block`: the whole layer fused per strip of output rows,
// strips in parallel. Inside a strip, rows of the zero-padded input slide through a small
// buffer (each padded row is built once per strip); per output row the depthwise computes
// the h row over all C channels (9 taps unrolled, vectorized over columns), then the
// pointwise conv accumulates 1 vector of columns x 8 output channels in registers across
// the C channels, the bias and the ReLU fused into the store. The pointwise weights are
// transposed once so that a tile's 8 channels are adjacent in memory. Register tiles need a
// constant column extent, so the schedule is specialized on the width: the widest vector
// (natural width, then halves of it down to 4 lanes) that fits in a row is used, the last
// column tile of a row shifted inwards (never a masked tail); rows narrower than 4 columns
// (the 3x3 maps at the end of small MobileNets) take scalar tiles of 1 column x 8 channels.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;   // output rows per strip (one parallel task)
    const int chans = 8;  // output channels per register tile
    const Expr W = a.x.dim(0).extent();
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // The specializations, most specific first; the last one (no condition) is the general
    // schedule.
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({W >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), 1, TailStrategy::RoundUp});  // W < 4: one column per tile
    // The stage of f (its update `u` if u >= 0) that runs under width w.
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    // @layer compute
    // padded (the zero pad, so that the depthwise reads it densely) and h are materialized
    // per row inside a strip; dw and pw live in registers of their consumers' tiles (below).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, ri, ro, a.n)
            .parallel(ro);
        at(a.h, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y);
        at(a.pw, w, 0).reorder(a.col, a.c, a.rc);
    }
    // @layer memory
    a.pw.compute_at(a.y, xo);
    a.h.store_at(a.y, ro).compute_at(a.y, ri);
    a.dw.compute_at(a.h, xo);
    a.padded.store_at(a.y, ro).compute_at(a.y, ri);
    // The pointwise weights, transposed once so that a tile's 8 channels are adjacent.
    Func wt = a.w_pw.in(a.pw);
    std::vector<Var> v = wt.args();
    wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        if (w.v == 1) {
            at(a.y, w).unroll(ci);
            at(a.pw, w).unroll(a.c);
            at(a.pw, w, 0).unroll(a.c);
            at(a.dw, w, 0).unroll(a.rk.x).unroll(a.rk.y);
            continue;
        }
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.pw, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.pw, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.h, w).vectorize(xi);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
        at(a.padded, w).vectorize(a.col, w.v, guard);
    }
    // @end
    return a.kernel();
}
