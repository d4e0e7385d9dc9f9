// Expert cpu schedule for `ssdlite_head_int8`: the shared depthwise once, then both 1x1
// predictors in register tiles, as TFLite's optimized int8 kernels run the head:
//   x_padded: x copied once with its zero-point pad;
//   h: the 3x3 depthwise (9 taps unrolled, int32 lanes) requantized with the ReLU6 clamp
//      into an int8 map, channels in parallel;
//   box, cls: tiles of 1 vector of columns x 8 output channels of widened int8 products
//      accumulated in registers across the C input channels (one h load feeds 8
//      multiply-adds), requantization fused into the int8 store; rows in parallel; the 1x1
//      weights transposed once so that a tile's 8 channels are adjacent in memory.
// Register tiles need a constant column extent (v = the natural int32 vector width, halved
// down to 4 lanes for the 10- and 5-wide SSD maps), so the convs are specialized on the
// width: rows at least v wide shift the last vector inwards, narrower rows use guarded
// (GuardWithIf) vectors; channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {{a.acc_box, a.box}, {a.acc_cls, a.cls}};
    // @layer compute
    for (Func f : {a.x_padded, a.h}) f.compute_root();
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    for (int v = vec; v >= 4; v /= 2) widths.push_back({W >= v, v, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    for (const Width &w : widths) {
        for (auto [acc, out] : convs) {
            at(out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
            at(acc, w, 0).reorder(a.col, a.c, a.rc);
        }
        at(a.h, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.row, a.c, a.n).parallel(a.c);
    }
    a.acc_dw.update().reorder(a.col, a.rk.x, a.rk.y);
    a.x_padded.parallel(a.c);
    // @layer memory
    for (auto [acc, out] : convs) acc.compute_at(out, xo);
    a.acc_dw.compute_at(a.h, xo);
    for (auto [w, conv] : {std::pair{a.w_box, a.acc_box}, std::pair{a.w_cls, a.acc_cls}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        for (auto [acc, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(acc, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(acc, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        at(a.h, w).vectorize(xi);
        at(a.acc_dw, w).vectorize(a.col, w.v, guard);
        at(a.acc_dw, w, 0).vectorize(a.col, w.v, guard).unroll(a.rk.x).unroll(a.rk.y);
    }
    a.x_padded.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
