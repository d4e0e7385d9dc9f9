// Expert cpu schedule for `blazeface_single_block_s2`: the block in one fused pass over
// output rows, rows in parallel:
//   x_padded: x copied once with its right/bottom zero pad, so the strided taps read dense
//       rows;
//   per output row, the stride-2 depthwise row dw (all CI channels) is computed into a row
//       buffer (compute_at the row: each value once), vectorized over output columns
//       (stride-2 loads);
//   y: the 1x1 conv accumulates tiles of 1 vector of columns x 8 output channels in
//       registers across CI, and the bias, the 2x2 max-pooled shortcut (inlined, zero for
//       the appended channels) and the ReLU are fused into the store.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so the conv is specialized on the output width: rows at
// least v wide shift the last vector inwards, narrower rows use guarded (GuardWithIf)
// vectors; channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr Wo = a.x.dim(0).extent() / 2;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    a.x_padded.compute_root();
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({Wo >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, TailStrategy::GuardWithIf});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, ci, xo, co, a.row, a.n)
            .parallel(a.row);
        at(a.conv, w, 0).reorder(a.col, a.c, a.rc);
        at(a.dw, w, 0).reorder(a.col, a.rk.x, a.rk.y, a.c);
    }
    a.x_padded.parallel(a.c);
    // @layer memory
    a.conv.compute_at(a.y, xo);
    a.dw.compute_at(a.y, a.row);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.dw, w).vectorize(a.col, w.v, guard);
        at(a.dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
    }
    a.x_padded.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
