// Expert cpu schedule for `yolov8n_detect_head_p5`: one register-tiled pass per conv of
// both branches, as a deployed runtime runs the head, then a vectorized decode:
//   x_padded, b1_padded, c1_padded: the 3x3 conv inputs copied once with their zero pad;
//   b1, b2, c1, c2: 3x3 conv + SiLU, rows in parallel, tiles of 1 vector of columns x 8
//       channels in registers across the 9 taps (unrolled) and the input channels;
//   box, cls: the 1x1 convs + bias, same tiles;
//   dist: the DFL per side, vectorized over anchors, the bin max / sums computed per
//       vector of anchors in registers (one exp per bin);
//   y: dist2bbox * stride and the class sigmoid, vectorized over anchors.
// Register tiles need a constant column extent: v = the natural vector width, at most 8
// lanes (the P5 maps are 10 to 20 columns wide, so wider vectors would mostly be tails),
// and every conv is specialized once on the width: rows at least v wide shift the last
// vector inwards, narrower rows use guarded (GuardWithIf) vectors; channel blocks are
// guarded, so any channel count works. Two variants per conv keep the generator within a
// user's compile limit.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"}, ao{"ao"}, ai{"ai"};
    struct Conv {
        Func conv, out;
        std::vector<RVar> r;  // the reduction: 3x3 taps x, y and the channels, or the channels
    };
    const std::vector<Conv> convs = {{a.conv_b1, a.b1, {a.rx.x, a.rx.y, a.rx.z}},
                                     {a.conv_b2, a.b2, {a.rb.x, a.rb.y, a.rb.z}},
                                     {a.conv_box, a.box, {a.rb1}},
                                     {a.conv_c1, a.c1, {a.rx.x, a.rx.y, a.rx.z}},
                                     {a.conv_c2, a.c2, {a.rcc.x, a.rcc.y, a.rcc.z}},
                                     {a.conv_cls, a.cls, {a.rc1}}};
    // @layer compute
    for (Func f : {a.x_padded, a.b1, a.b1_padded, a.b2, a.box, a.c1, a.c1_padded, a.c2, a.cls, a.dist}) {
        f.compute_root();
    }
    // @layer loops
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    const int v = std::min(vec, 8);
    const std::vector<Width> widths = {{W >= v, v, TailStrategy::ShiftInwards}, {Expr(), v, guard}};
    auto at = [](Func f, const Width &w) { return w.cond.defined() ? Stage(f.specialize(w.cond)) : Stage(f); };
    for (const Width &w : widths) {
        for (Conv cv : convs) {
            at(cv.out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
    }
    for (Func f : {a.x_padded, a.b1_padded, a.c1_padded}) f.parallel(a.c);
    a.dist.split(a.a, ao, ai, vec, guard).reorder(ai, a.j, ao).parallel(ao);
    a.y.split(a.a, ao, ai, vec, guard).reorder(ai, a.ch, ao).parallel(ao);
    // @layer memory
    for (Conv cv : convs) cv.conv.compute_at(cv.out, xo);
    for (Func f : {a.bin_max, a.bin_den, a.bin_num}) f.compute_at(a.dist, a.j);
    // @layer vector
    for (const Width &w : widths) {
        for (Conv cv : convs) {
            at(cv.out, w).vectorize(xi).unroll(ci);
        }
    }
    for (Conv cv : convs) {  // computed per tile of v columns x 8 channels in both variants
        cv.conv.vectorize(a.col, v, guard).unroll(a.c, chans, guard);
        std::vector<VarOrRVar> order = {a.col, a.c};
        for (const RVar &r : cv.r) order.push_back(r);
        Stage u = cv.conv.update(0);
        u.reorder(order).vectorize(a.col, v, guard).unroll(a.c, chans, guard);
        if (cv.r.size() == 3) u.unroll(cv.r[0]).unroll(cv.r[1]);
    }
    for (Func f : {a.x_padded, a.b1_padded, a.c1_padded}) f.vectorize(a.col, vec, guard);
    for (Func f : {a.bin_max, a.bin_den, a.bin_num}) {
        f.vectorize(a.a, vec, guard);
        f.update().vectorize(a.a, vec, guard);
    }
    a.dist.vectorize(ai);
    a.y.vectorize(ai);
    // @end
    return a.kernel();
}
