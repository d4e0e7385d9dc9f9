// Expert cpu schedule for `mbv3_large_stem_bneck1`: the stem and the bneck fused per strip of
// output rows, strips in parallel, so the Ho x Wo x C map never leaves the caches. Inside a
// strip, rows slide through small buffers: the input rows are copied once into zero-padded
// rows (x_padded); each stem row s is computed once, in register tiles of 1 vector of
// columns x 8 channels across the 27 taps (the stride-2 reads are dense loads and
// shuffles, the weights broadcasts), h-swish fused, and copied into the zero-padded rows
// that the depthwise reads; per output row the depthwise + ReLU computes the d row over all
// channels, then the project conv accumulates 1 vector x 8 output channels in registers,
// bias and the residual s fused into the store. Register tiles need a constant column
// extent, so the schedule is specialized on the output width: rows at least one vector wide use tiles
// of one natural vector with the last shifted
// inwards; narrower rows use guarded vectors. Channel tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;   // output rows per strip (one parallel task)
    const int chans = 8;  // channels per register tile
    const Expr W = a.x.dim(0).extent();
    const Expr Wo = (W - 1) / 2 + 1;
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    // One vector width (a specialization per width multiplies the fused loop nests' lowering time).
    widths.push_back({Wo >= vec, vec, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    // @layer compute
    // x_padded, s, s_padded and d are materialized per row inside a strip; stem, dw and
    // project live in registers of their consumers' tiles (below).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, ri, ro, a.n)
            .parallel(ro);
        at(a.s, w)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, a.row, a.n);
        at(a.d, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n);
        at(a.stem, w, 0).reorder(a.col, a.c, a.rs.x, a.rs.y, a.rs.z);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y);
        at(a.project, w, 0).reorder(a.col, a.c, a.rp);
    }
    // @layer memory
    a.project.compute_at(a.y, xo);
    a.d.store_at(a.y, ro).compute_at(a.y, ri);
    a.dw.compute_at(a.d, xo);
    a.s_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.s.store_at(a.y, ro).compute_at(a.y, ri);
    a.stem.compute_at(a.s, xo);
    a.x_padded.store_at(a.y, ro).compute_at(a.y, ri);
    {
        // The project weights, transposed once so that a tile's 8 channels are adjacent.
        Func wt = a.w_proj.in(a.project);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.project, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.project, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.d, w).vectorize(xi);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
        at(a.s_padded, w).vectorize(a.col, w.v, guard);
        at(a.x_padded, w).vectorize(a.col, w.v, guard);
        at(a.s, w).vectorize(xi).unroll(ci);
        at(a.stem, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.stem, w, 0).vectorize(a.col, w.v, guard).unroll(a.c).unroll(a.rs.x);
    }
    // @end
    return a.kernel();
}
