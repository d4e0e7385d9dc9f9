// Expert cpu schedule for `sppf_block`: three passes, as a deployed runtime runs SPPF.
//   h: the cv1 1x1 conv with its bias and SiLU, blocks of 8 output channels in parallel;
//      each block accumulates 1 vector of columns x 8 channels in registers across the C
//      input channels (one load of x feeds 8 FMAs), row by row;
//   p1, p2, p3: per channel (in parallel), the three cascaded pools computed plane by plane,
//      each as a separable 5-wide row max then 5-tall column max (10 compares instead of
//      25), vectorized over columns; p1 and p2 are scratch planes of the channel's task;
//   y: the cv2 1x1 conv over the four maps (the concat never materialized), blocks of 8
//      output channels in parallel, the same register tiles, bias and SiLU fused into the
//      store.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so the convs are specialized on the width:
// rows at least one vector wide shift the last column vector inwards, narrower rows use
// guarded (GuardWithIf) vectors. Channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const Expr W = a.x.dim(0).extent(), H = a.x.dim(1).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // Separable pools: a 5-wide max along the row, then a 5-tall max along the column. The
    // borders are clamped reads (the window's centre is always inside, so clamping to the
    // edge repeats an element of the window and never changes the max).
    auto separable = [&](Func in, const char *name) {
        Func rowmax(std::string(name) + "_rows"), out(name);
        Func cl = BoundaryConditions::repeat_edge(in, {{0, W}, {0, H}});
        Expr m = cl(a.col - 2, a.row, a.c, a.n);
        for (int k = -1; k <= 2; k++) m = max(m, cl(a.col + k, a.row, a.c, a.n));
        rowmax(a.col, a.row, a.c, a.n) = m;
        Func rl = BoundaryConditions::repeat_edge(rowmax, {{0, W}, {0, H}});
        Expr v = rl(a.col, a.row - 2, a.c, a.n);
        for (int k = -1; k <= 2; k++) v = max(v, rl(a.col, a.row + k, a.c, a.n));
        out(a.col, a.row, a.c, a.n) = v;
        return std::pair{out, rowmax};
    };
    a.h.compute_root();
    auto [q1, r1] = separable(a.h, "q1");
    auto [q2, r2] = separable(q1, "q2");
    auto [q3, r3] = separable(q2, "q3");
    // The cv2 reduction over the four maps, reading the separable pools.
    const Expr Ch = a.w1.dim(3).extent();
    Func conv2("conv2_fast"), y("y_fast");
    conv2(a.col, a.row, a.c, a.n) = 0.0f;
    conv2(a.col, a.row, a.c, a.n) += a.w2(0, 0, a.rh, a.c) * a.h(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + Ch, a.c) * q1(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + 2 * Ch, a.c) * q2(a.col, a.row, a.rh, a.n) +
                                     a.w2(0, 0, a.rh + 3 * Ch, a.c) * q3(a.col, a.row, a.rh, a.n);
    y(a.col, a.row, a.c, a.n) = task::Algorithm::silu(conv2(a.col, a.row, a.c, a.n) + a.b2(a.c));
    q3.compute_root();
    q1.compute_root();
    q2.compute_root();
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
        for (Func f : {a.h, y}) {
            at(f, w)
                .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, a.row, co, a.n)
                .parallel(co);
        }
        at(a.conv1, w, 0).reorder(a.col, a.c, a.rc);
        at(conv2, w, 0).reorder(a.col, a.c, a.rh);
    }
    // The pools: channels in parallel; q3's rows pull q2 and q1 planes of the same channel.
    for (Func f : {q1, q2, q3}) f.parallel(a.c);
    // @layer memory
    a.conv1.compute_at(a.h, xo);
    conv2.compute_at(y, xo);
    r1.compute_at(q1, a.c);
    r2.compute_at(q2, a.c);
    r3.compute_at(q3, a.c);
    // @layer vector
    for (const Width &w : widths) {
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.h, y}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.conv1, conv2}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
    }
    for (Func f : {q1, q2, q3, r1, r2, r3}) f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x, a.w1, a.b1, a.w2, a.b2}, {y}};
}
