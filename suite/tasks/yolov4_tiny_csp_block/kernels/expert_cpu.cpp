// Expert cpu schedule for `yolov4_tiny_csp_block`: one register-tiled pass per conv, as a
// deployed runtime runs the CSP block, no concat materialized:
//   x_padded, half_padded, t1_padded: the 3x3 conv inputs copied once with their zero pad
//       (half_padded is t0's second half, the route's group 1), so the convs read dense rows;
//   t0, t1, t2: the 3x3 convs + leaky, rows in parallel, tiles of 1 vector of columns x 8
//       channels in registers across the 9 taps (unrolled) and the input channels;
//   t3: the 1x1 conv over t2 and t1 (the route), bias and leaky fused into the store;
//   y: the 2x2 max pool of t0 or t3 by channel, channels in parallel, vectorized over
//      output columns (stride-2 loads).
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on the width: rows at least v
// wide shift the last vector inwards, narrower rows use guarded (GuardWithIf) vectors;
// channel blocks and their unrolled loops are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {
        {a.conv0, a.t0}, {a.conv1, a.t1}, {a.conv2, a.t2}, {a.conv3, a.t3}};
    // @layer compute
    for (Func f : {a.x_padded, a.t0, a.half_padded, a.t1, a.t1_padded, a.t2, a.t3}) f.compute_root();
    // @layer loops
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
        for (auto [conv, out] : convs) {
            at(out, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.conv0, w, 0).reorder(a.col, a.c, a.r0.x, a.r0.y, a.r0.z);
        at(a.conv1, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv2, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv3, w, 0).reorder(a.col, a.c, a.rh);
    }
    for (Func f : {a.x_padded, a.half_padded, a.t1_padded}) f.parallel(a.c);
    a.y.parallel(a.c);
    // @layer memory
    for (auto [conv, out] : convs) conv.compute_at(out, xo);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (auto [conv, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        at(a.conv0, w, 0).unroll(a.r0.x).unroll(a.r0.y);
        for (Func f : {a.conv1, a.conv2}) at(f, w, 0).unroll(a.r3.x).unroll(a.r3.y);
    }
    for (Func f : {a.x_padded, a.half_padded, a.t1_padded, a.y}) {
        f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
