// Expert cpu schedule for `ghostnet_bottleneck_s2`: staged layer by layer as a runtime runs
// the bottleneck (the stride-2 depthwise needs whole rows of both Ghost halves), every
// stage parallel and vectorized over columns:
//   p1, p2: the Ghost modules' primary 1x1 convs, rows in parallel, register tiles of 1
//     vector of columns x 8 channels across the reduced channels (one load feeds 8 FMAs);
//   g1, t, sd, g2: the depthwise convs (cheap ops, the stride-2 conv_dw on cat[p1, g1], the
//     shortcut's stride-2 depthwise on x), one channel per parallel task: the channel's plane
//     is copied once into a zero-padded scratch (for t the concat is read there, so h is
//     never stored), then 9 taps unrolled per vector of output columns;
//   y: the shortcut's 1x1 conv in register tiles of 1 vector x 8 output channels across C,
//     with its bias and the concat cat[p2, g2] added in the store.
// Register tiles need a constant column extent, so the tiled stages are specialized on their
// row width: rows at least one vector wide use natural vectors with the last shifted inwards;
// narrower rows use guarded vectors. The depthwise rows use natural vectors, or 4 lanes on
// rows narrower than one vector (guarded tails). (One specialization each: every one
// multiplies the lowering time of the loop nests inside it.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    const Expr Wo = (W - 1) / 2 + 1;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    auto widths_for = [&](const Expr &extent) {
        std::vector<Width> ws;
        ws.push_back({extent >= vec, vec, TailStrategy::ShiftInwards});
        ws.push_back({Expr(), vec, guard});
        return ws;
    };
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    struct Tiled {
        Func out, conv;
        RVar r;
        Expr width;
    };
    const std::vector<Tiled> tiled = {{a.p1, a.conv_p1, a.rc, W}, {a.p2, a.conv_p2, a.rh, Wo}, {a.y, a.conv_spw, a.rs, Wo}};
    struct Plane {
        Func out, conv, padded;
        Expr width;
    };
    const std::vector<Plane> planes = {{a.g1, a.conv_c1, a.p1_padded, W},
                                       {a.t, a.conv_dw, a.h_padded, Wo},
                                       {a.sd, a.conv_sdw, a.x_padded, Wo},
                                       {a.g2, a.conv_c2, a.p2_padded, Wo}};
    // @layer compute
    // p1, g1, t, p2, g2 and sd are stored whole; the padded planes per channel; every conv
    // lives in registers or rows of its consumer; h and sc are inlined.
    for (Func f : {a.p1, a.g1, a.t, a.p2, a.g2, a.sd}) f.compute_root();
    // @layer loops
    for (Tiled t : tiled) {
        for (const Width &w : widths_for(t.width)) {
            at(t.out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
            at(t.conv, w, 0).reorder(a.col, a.c, t.r);
        }
    }
    for (Plane p : planes) {
        p.out.reorder(a.col, a.row, a.c, a.n).parallel(a.c);
        p.conv.update().reorder(a.col, a.rk.x, a.rk.y).unroll(a.rk.x).unroll(a.rk.y);
    }
    // @layer memory
    for (Tiled t : tiled) t.conv.compute_at(t.out, xo);
    for (Plane p : planes) {
        p.padded.compute_at(p.out, a.c);
        p.conv.compute_at(p.out, a.row);
    }
    // @layer vector
    for (Tiled t : tiled) {
        for (const Width &w : widths_for(t.width)) {
            at(t.out, w).vectorize(xi).unroll(ci);
            at(t.conv, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(t.conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
    }
    for (Plane p : planes) {
        p.padded.vectorize(a.col, 4, guard);
        Expr fits = p.width >= vec;
        p.out.specialize(fits).vectorize(a.col, vec, guard);
        p.conv.specialize(fits).vectorize(a.col, vec, guard);
        p.conv.update().specialize(fits).vectorize(a.col, vec, guard);
        p.out.vectorize(a.col, 4, guard);
        p.conv.vectorize(a.col, 4, guard);
        p.conv.update().vectorize(a.col, 4, guard);
    }
    // @end
    return a.kernel();
}
