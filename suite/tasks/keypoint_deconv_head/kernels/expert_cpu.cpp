// Expert cpu schedule for `keypoint_deconv_head`: the transposed conv in register tiles
// over output channels, as deployed runtimes run a stride-2 deconv, then the 1x1 likewise:
//   wt: the deconv weights stored once with the output channel innermost, so that 8
//       channels of one tap are a dense vector load;
//   x_padded: x copied once with its zero border, so the taps read dense rows;
//   deconv: per tile of 8 output columns x 8 channels, the 8 column accumulators (vectors
//       of 8 channels, stored channel-innermost) gather the 2 x 2 taps of every input
//       channel: a broadcast input value times a weight vector. The tiles start at even
//       columns (h's bounds are aligned to 2), so the column parity, and with it the tap
//       of each unrolled column, is a constant; bias and ReLU fused into h; rows in
//       parallel;
//   y: the 1x1 conv (CO -> K) + bias, tiles of 1 vector of columns x 8 channels in
//      registers, specialized on the width as the other suite conv experts.
// All channel blocks and column tiles are guarded (GuardWithIf), so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tile = 8;   // deconv: output columns x channels per register tile
    const int chans = 8;  // 1x1 channels per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W2 = a.x.dim(0).extent() * 2;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    Func wt = a.w_d.in(a.deconv);
    // @layer compute
    for (Func f : {a.x_padded, a.h, wt}) f.compute_root();
    a.h.align_bounds(a.col, 2);
    // @layer loops
    a.h.split(a.c, co, ci, tile, guard)
        .split(a.col, xo, xi, tile, guard)
        .reorder(xi, ci, xo, co, a.row, a.n)
        .parallel(a.row);
    a.deconv.reorder(a.c, a.col);
    a.deconv.update().reorder(a.c, a.col, a.rd.x, a.rd.y, a.rd.z, a.row, a.n);
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
    {
        std::vector<Var> v = wt.args();  // (kx, ky, co, ci) stored as (co, kx, ky, ci)
        wt.reorder_storage(v[2], v[0], v[1], v[3]).parallel(v[3]);
    }
    // @layer memory
    a.deconv.compute_at(a.h, xo).reorder_storage(a.c, a.col, a.row, a.n).bound_extent(a.col, tile);
    a.conv.compute_at(a.y, xo);
    // @layer vector
    a.h.vectorize(xi).unroll(ci);
    a.deconv.vectorize(a.c, tile, guard).unroll(a.col);
    a.deconv.update().vectorize(a.c, tile, guard).unroll(a.col).unroll(a.rd.x).unroll(a.rd.y);
    for (const Width &w : widths) {
        at(a.y, w).vectorize(xi).unroll(ci);
        at(a.conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
    }
    a.x_padded.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
