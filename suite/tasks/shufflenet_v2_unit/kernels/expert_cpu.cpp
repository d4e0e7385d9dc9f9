// Expert cpu schedule for `shufflenet_v2_unit`: the whole unit fused per strip of output rows,
// strips in parallel. Inside a strip, rows of h1 slide through a small buffer (each h1 row is
// computed once per strip, in register tiles of 1 vector of columns x 8 channels) and are
// copied into the zero-padded h1 rows; per output row the depthwise computes the h2 row over
// all B channels, then the second 1x1 conv computes the z row in register tiles of 1 vector
// of columns x 8 channels (bias + ReLU fused), and the output row is written by interleaving
// the x1 and z channels (the channel split of y by 2 is unrolled, so the shuffle's select
// disappears). The 1x1 weights are transposed once so that a tile's 8 channels are adjacent.
// Vectorized over columns. Register tiles need a constant column extent, so the schedule is
// specialized on the width: the widest vector (natural width, then halves of it down to 4
// lanes) that fits in a row is used, the last column tile shifted inwards (no masked tail);
// rows narrower than 4 columns take scalar tiles.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 7;   // output rows per strip (one parallel task); ShuffleNet maps are 7k tall
    const int chans = 8;  // channels per register tile
    const Expr W = a.x.dim(0).extent();
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, cp{"cp"}, par{"par"};
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
    // h1, h1_padded (the zero pad, so that the depthwise reads it densely), h2 and z are
    // materialized per row inside a strip; pw1, dw and pw2 live in registers of their
    // consumers' tiles (below).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, cp, par, 2, TailStrategy::RoundUp)  // 2B channels: never a tail
            .reorder(xi, xo, par, cp, ri, ro, a.n)
            .parallel(ro);
        for (Func f : {a.h1, a.z}) {
            at(f, w)
                .split(a.col, xo, xi, w.v, w.tail)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .reorder(xi, ci, xo, co, a.row, a.n);
        }
        at(a.h2, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n);
        at(a.pw1, w, 0).reorder(a.col, a.c, a.rb1);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y);
        at(a.pw2, w, 0).reorder(a.col, a.c, a.rb2);
    }
    // @layer memory
    a.z.compute_at(a.y, ri);
    a.pw2.compute_at(a.z, xo);
    a.h2.compute_at(a.y, ri);
    a.dw.compute_at(a.h2, xo);
    a.h1_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.h1.store_at(a.y, ro).compute_at(a.y, ri);
    a.pw1.compute_at(a.h1, xo);
    // The 1x1 weights, transposed once so that a tile's 8 channels are adjacent in memory.
    for (auto [w, conv] : {std::pair{a.w1, a.pw1}, std::pair{a.w2, a.pw2}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        if (w.v == 1) {
            at(a.y, w).unroll(par);
            for (Func f : {a.h1, a.z}) at(f, w).unroll(ci);
            for (Func f : {a.pw1, a.pw2}) {
                at(f, w).unroll(a.c);
                at(f, w, 0).unroll(a.c);
            }
            at(a.dw, w, 0).unroll(a.rk.x).unroll(a.rk.y);
            continue;
        }
        at(a.y, w).vectorize(xi).unroll(par);
        for (Func f : {a.h1, a.z}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.pw1, a.pw2}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
        at(a.h2, w).vectorize(xi);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
        at(a.h1_padded, w).vectorize(a.col, w.v, guard);
    }
    // @end
    return a.kernel();
}
