// Expert cpu schedule for `keypoint_deconv_head`: the transposed conv by output parity, as
// deployed runtimes run a stride-2 deconv (four interleaved sub-convolutions), then the
// 1x1 in register tiles:
//   x_padded: x copied once with its zero border, so the taps read dense rows;
//   h: tiles of 16 output columns (tile starts are even, so the column parity px of a
//      lane is a constant of the unrolled loop) x 4 channels; per parity, a vector of 8
//      output columns reads 8 consecutive input columns, so the 2 x 2 taps of each input
//      channel are dense vector loads with broadcast weights; the 4 channels x 2 parities
//      accumulate in registers across the taps and the CI channels; bias and ReLU fused;
//      rows in parallel;
//   y: the 1x1 conv (CO -> K) + bias, tiles of 1 vector of columns x 8 channels in
//      registers, specialized on the width as the other suite conv experts.
// All channel blocks and column tiles are guarded (GuardWithIf), so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int pv = 8;     // output columns of one parity per vector (8 input columns)
    const int dch = 4;    // deconv channels per register tile
    const int chans = 8;  // 1x1 channels per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W2 = a.x.dim(0).extent() * 2;
    Var xo{"xo"}, xi{"xi"}, xj{"xj"}, px{"px"}, co{"co"}, ci{"ci"}, cj{"cj"}, cpx{"cpx"};
    // @layer compute
    for (Func f : {a.x_padded, a.h}) f.compute_root();
    // @layer loops
    a.h.split(a.col, xo, xi, 2 * pv, guard)
        .split(xi, xj, px, 2, guard)
        .split(a.c, co, ci, dch, guard)
        .reorder(xj, px, ci, xo, co, a.row, a.n)
        .parallel(a.row);
    a.deconv.split(a.col, cj, cpx, 2, guard).reorder(cj, cpx, a.c);
    a.deconv.update()
        .split(a.col, cj, cpx, 2, guard)
        .reorder(cj, cpx, a.c, a.rd.x, a.rd.y, a.rd.z, a.row, a.n);
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({W2 >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.c, co, ci, chans, guard)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, ci, xo, co, a.row, a.n)
            .parallel(a.row);
        at(a.conv, w, 0).reorder(a.col, a.c, a.rf);
    }
    a.x_padded.parallel(a.c);
    // @layer memory
    a.deconv.compute_at(a.h, xo);
    a.conv.compute_at(a.y, xo);
    // @layer vector
    a.h.vectorize(xj, pv, guard).unroll(px).unroll(ci);
    a.deconv.vectorize(cj, pv, guard).unroll(cpx).unroll(a.c, dch, guard);
    a.deconv.update().vectorize(cj, pv, guard).unroll(cpx).unroll(a.c, dch, guard).unroll(a.rd.x).unroll(a.rd.y);
    for (const Width &w : widths) {
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
    }
    a.x_padded.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
