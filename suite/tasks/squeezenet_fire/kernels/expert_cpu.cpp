// Expert cpu schedule for `squeezenet_fire`: three register-tiled convs and a streaming
// concat, as a runtime without in-place concat runs the Fire module:
//   s, s_padded: the squeeze 1x1 conv + ReLU, rows in parallel, tiles of 1 vector of columns x
//      8 channels accumulated in registers across the C input channels (one x load feeds 8
//      FMAs), then copied once into a zero-padded buffer so the 3x3 reads are dense;
//   e1, e3: the two expand convs + ReLU, rows in parallel, the same register tiles across
//      the S squeezed channels (and the 9 taps, unrolled, for the 3x3 branch);
//   y: the concat, rows in parallel, vectorized over columns (each half reads one branch).
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on the width:
// rows at least one vector wide shift the last column vector inwards, narrower rows use
// guarded (GuardWithIf) vectors. Channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    for (Func f : {a.s, a.s_padded, a.e1, a.e3}) f.compute_root();
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
        for (Func f : {a.s, a.e1, a.e3}) {
            at(f, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n);
        }
        for (Func f : {a.s, a.e1, a.e3}) at(f, w).parallel(a.row);
        at(a.squeeze, w, 0).reorder(a.col, a.c, a.rc);
        at(a.expand1, w, 0).reorder(a.col, a.c, a.rs);
        at(a.expand3, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.y, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n).parallel(a.row);
    }
    a.s_padded.parallel(a.row);
    // @layer memory
    a.squeeze.compute_at(a.s, xo);
    a.expand1.compute_at(a.e1, xo);
    a.expand3.compute_at(a.e3, xo);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.s, a.e1, a.e3}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.squeeze, a.expand1, a.expand3}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        at(a.expand3, w, 0).unroll(a.r3.x).unroll(a.r3.y);
        at(a.y, w).vectorize(xi);
    }
    a.s_padded.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
