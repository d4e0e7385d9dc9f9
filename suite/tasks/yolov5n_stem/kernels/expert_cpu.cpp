// Expert cpu schedule for `yolov5n_stem`: one register-tiled pass per conv, as a deployed
// runtime runs the stem:
//   x_padded: the image copied once with its zero pad of 2 (so the strided taps read
//       dense rows), channels in parallel;
//   h: the 6x6 stride-2 conv + SiLU, rows in parallel, tiles of 1 vector of output columns
//      x 8 channels in registers across the 6 x 6 taps (kx unrolled) and the CI channels;
//      the vector loads of x are stride 2;
//   h_padded: h copied with its zero pad of 1;
//   y: the 3x3 stride-2 conv + SiLU, the same register tiles.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on its output width: rows at
// least v wide shift the last vector inwards, narrower rows use guarded (GuardWithIf)
// vectors; channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W1 = a.x.dim(0).extent() / 2, W2 = (W1 + 1) / 2;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Conv {
        Func conv, out;
        RDom r;
        Expr width;
    };
    const std::vector<Conv> convs = {{a.conv0, a.h, a.r0, W1}, {a.conv1, a.y, a.r1, W2}};
    // @layer compute
    for (Func f : {a.x_padded, a.h, a.h_padded}) f.compute_root();
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    auto widths_for = [&](Expr w) {
        std::vector<Width> ws;
        for (int v = vec; v >= 4; v /= 2) ws.push_back({w >= v, v, TailStrategy::ShiftInwards});
        ws.push_back({Expr(), vec, guard});
        return ws;
    };
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
            at(cv.conv, w, 0).reorder(a.col, a.c, cv.r.x, cv.r.y, cv.r.z);
        }
    }
    for (Func f : {a.x_padded, a.h_padded}) f.parallel(a.c);
    // @layer memory
    for (Conv cv : convs) cv.conv.compute_at(cv.out, xo);
    // @layer vector
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w).vectorize(xi).unroll(ci);
            at(cv.conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(cv.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard).unroll(cv.r.x);
        }
    }
    for (Func f : {a.x_padded, a.h_padded}) f.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
