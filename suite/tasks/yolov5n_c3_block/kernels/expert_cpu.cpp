// Expert cpu schedule for `yolov5n_c3_block`: one register-tiled pass per conv, as a
// deployed runtime runs C3, the concat never materialized:
//   h1, h2: cv1 and cv2 (1x1 + SiLU), rows in parallel, tiles of 1 vector of columns x 8
//       channels in registers across the C1 input channels (one x load feeds 8 FMAs);
//   m1: the bottleneck's 1x1 + SiLU over h1, same tiles;
//   m1_padded: m1 copied once with its zero pad, so the 3x3 conv reads dense rows;
//   m2: the 3x3 conv + SiLU, the same register tiles across the 9 taps (unrolled) and the
//       CH input channels;
//   y:  cv3 over h1 + m2 (the residual added as it is read) and h2, bias and SiLU fused
//       into the store, same tiles.
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
        {a.conv1, a.h1}, {a.conv2, a.h2}, {a.conv_m1, a.m1}, {a.conv_m2, a.m2}, {a.conv3, a.y}};
    // @layer compute
    for (Func f : {a.h1, a.h2, a.m1, a.m1_padded, a.m2}) f.compute_root();
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
        at(a.conv1, w, 0).reorder(a.col, a.c, a.rc);
        at(a.conv2, w, 0).reorder(a.col, a.c, a.rc);
        at(a.conv_m1, w, 0).reorder(a.col, a.c, a.rh);
        at(a.conv_m2, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv3, w, 0).reorder(a.col, a.c, a.rh);
    }
    a.m1_padded.parallel(a.row);
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
        at(a.conv_m2, w, 0).unroll(a.r3.x).unroll(a.r3.y);
    }
    a.m1_padded.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
