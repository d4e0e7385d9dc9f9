// Expert cpu schedule for `yolov8n_pan_upsample_c2f`: one register-tiled pass per conv, as
// a deployed runtime runs the neck stage, neither the upsampled map nor the concats
// materialized:
//   h:  cv1 (1x1 + SiLU) over the upsampled x (read as x(col / 2, row / 2), a load of half a
//       vector and a lane-doubling shuffle) and then skip, rows in parallel, tiles of 1 vector
//       of columns x 8 channels in registers across all CU + CS input channels;
//   b_padded, m1_padded: the bottleneck inputs copied once with their zero pad, so the 3x3
//       convs read dense rows;
//   m1, m2: the bottleneck's 3x3 convs + SiLU, the same register tiles across the 9 taps
//       (unrolled) and the CH input channels;
//   y:  cv2 over a, b and m2, bias and SiLU fused into the store, same tiles.
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
    const Expr W = a.skip.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {
        {a.conv1, a.h}, {a.conv_m1, a.m1}, {a.conv_m2, a.m2}, {a.conv2, a.y}};
    // @layer compute
    for (Func f : {a.h, a.b_padded, a.m1, a.m1_padded, a.m2}) f.compute_root();
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
        at(a.conv1, w, 0).reorder(a.col, a.c, a.ru);
        at(a.conv1, w, 1).reorder(a.col, a.c, a.rs);
        at(a.conv_m1, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv_m2, w, 0).reorder(a.col, a.c, a.r3.x, a.r3.y, a.r3.z);
        at(a.conv2, w, 0).reorder(a.col, a.c, a.rh);
    }
    for (Func f : {a.b_padded, a.m1_padded}) f.parallel(a.row);
    // @layer memory
    for (auto [conv, out] : convs) conv.compute_at(out, xo);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (auto [conv, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(conv, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            for (int u = 0; u < (int)conv.num_update_definitions(); u++) {
                at(conv, w, u).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            }
        }
        for (Func f : {a.conv_m1, a.conv_m2}) at(f, w, 0).unroll(a.r3.x).unroll(a.r3.y);
    }
    for (Func f : {a.b_padded, a.m1_padded}) f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
