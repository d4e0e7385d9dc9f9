// Expert cpu schedule for `yolov8n_c2f_block`: one register-tiled pass per conv, as a
// deployed runtime runs C2f, the concat never materialized:
//   h:  cv1 1x1 + SiLU, rows in parallel, tiles of 1 vector of columns x 8 channels in
//       registers across the C1 input channels (one x load feeds 8 FMAs);
//   b_padded, m1_padded: the bottleneck inputs copied once with their zero pad, so the 3x3
//       convs read dense rows;
//   m1, m2: the bottleneck's 3x3 convs + SiLU, rows in parallel, the same register tiles
//       across the 9 taps (unrolled) and the CH input channels;
//   y:  cv2 1x1 over a, b and b + m2 (the residual added as it is read), bias and SiLU
//       fused into the store, same tiles.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on the width:
// rows at least one vector wide shift the last vector inwards, narrower rows use guarded
// (GuardWithIf) vectors; channel blocks and their unrolled loops are guarded, so any channel
// count works.
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
    for (Func f : {a.h, a.b_padded, a.m1, a.m1_padded, a.m2}) f.compute_root();
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
        for (Func f : {a.h, a.m1, a.m2, a.y}) {
            at(f, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.conv1, w, 0).reorder(a.col, a.c, a.rc);
        at(a.conv_m1, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv_m2, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv2, w, 0).reorder(a.col, a.c, a.rh);
    }
    for (Func f : {a.b_padded, a.m1_padded}) f.parallel(a.row);
    // @layer memory
    a.conv1.compute_at(a.h, xo);
    a.conv_m1.compute_at(a.m1, xo);
    a.conv_m2.compute_at(a.m2, xo);
    a.conv2.compute_at(a.y, xo);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.h, a.m1, a.m2, a.y}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.conv1, a.conv_m1, a.conv_m2, a.conv2}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        for (Func f : {a.conv_m1, a.conv_m2}) at(f, w, 0).unroll(a.r3.x).unroll(a.r3.y);
    }
    for (Func f : {a.b_padded, a.m1_padded}) f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
