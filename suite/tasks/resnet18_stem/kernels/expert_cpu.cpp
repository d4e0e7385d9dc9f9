// Expert cpu schedule for `resnet18_stem`: the conv and the max pool fused per strip of
// pooled rows, strips in parallel, so the Hc x Wc x C conv map never leaves the caches.
// Per strip the input rows are copied once into zero-padded rows (x_padded) and the strip's
// conv rows r are computed (one row of overlap with the next strip), in register tiles of 1
// vector of columns x 8 channels across the 7x7xCI taps (the stride-2 reads are dense loads
// and shuffles, the weights broadcasts), bias and ReLU fused; per pooled row the 3x3
// stride-2 max reads three r rows, vectorized over columns. Register
// tiles need a constant column extent, so the schedule is specialized on the width: rows at
// least one vector wide use tiles of one natural vector with
// the last shifted inwards; narrower rows use guarded vectors. Channel tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;   // pooled rows per strip (one parallel task)
    const int chans = 8;  // channels per register tile
    const Expr W = a.x.dim(0).extent();
    const Expr Wc = (W - 1) / 2 + 1, Wp = (Wc - 1) / 2 + 1;
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    // Wp >= v implies Wc >= v: the conv rows hold the same vectors.
    std::vector<Width> widths;
    // One vector width (a specialization per width multiplies the fused loop nests' lowering time).
    widths.push_back({Wp >= vec, vec, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    // @layer compute
    // x_padded and r are materialized per row inside a strip; conv lives in registers of
    // r's tiles; the pool reads r with clamped coordinates (inlined).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, xo, a.c, ri, ro, a.n)
            .parallel(ro);
        at(a.r, w)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(xi, ci, xo, co, a.row, a.n);
        at(a.conv, w, 0).reorder(a.col, a.c, a.rw.x, a.rw.y, a.rw.z);
    }
    // @layer memory
    // Per strip, not sliding per row: the sliding-window analysis of the clamped pool reads
    // made the pipeline generator too slow (one conv row of overlap per strip is recomputed).
    a.r.compute_at(a.y, ro);
    a.conv.compute_at(a.r, xo);
    a.x_padded.compute_at(a.y, ro);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        at(a.y, w).vectorize(xi);
        at(a.r, w).vectorize(xi).unroll(ci);
        at(a.conv, w).vectorize(a.col, w.v, guard).unroll(a.c);
        at(a.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c).unroll(a.rw.x);
        at(a.x_padded, w).vectorize(a.col, w.v, guard);
    }
    // @end
    return a.kernel();
}
