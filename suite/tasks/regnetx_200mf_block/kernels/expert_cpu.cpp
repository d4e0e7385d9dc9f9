// Expert cpu schedule for `regnetx_200mf_block`: the whole block fused per strip of output
// rows, strips in parallel. Inside a strip, rows of h_a slide through a small buffer (each
// row computed once per strip, in register tiles of 1 vector of columns x 8 channels across
// the C input channels) and are copied into zero-padded rows; per output row the grouped
// 3x3 conv computes the h_b row in the same register tiles across its group's 9 x GW taps,
// then conv c accumulates 1 vector x 8 output channels in registers across C, with the
// bias, the identity shortcut and the ReLU fused into the store. The 1x1 weights are
// transposed once so that a tile's 8 channels are adjacent. Register tiles need a constant
// column extent, so the schedule is specialized on the width: rows at least v wide (v = the
// natural vector width, or 4 lanes for narrower maps) use v-lane tiles with the
// last shifted inwards; narrower rows use guarded vectors. Channel tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 7;   // output rows per strip (one parallel task)
    const int chans = 8;  // channels per register tile (one group at group width 8)
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    // The natural vector and 4 lanes (7-wide maps): each specialization multiplies the
    // lowering time of the loop nests fused inside it.
    widths.push_back({W >= vec, vec, TailStrategy::ShiftInwards});
    if (vec > 4) widths.push_back({W >= 4, 4, TailStrategy::ShiftInwards});
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    // @layer compute
    // h_a, h_a_padded and h_b are materialized per row inside a strip; conv_a, conv_b and
    // conv_c live in registers of their consumers' tiles (below).
    // @layer loops
    for (const Width &w : widths) {
        at(a.y, w)
            .split(a.row, ro, ri, rows, guard)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, guard)
            .reorder(xi, ci, xo, co, ri, ro, a.n)
            .parallel(ro);
        for (Func f : {a.h_a, a.h_b}) {
            at(f, w)
                .split(a.col, xo, xi, w.v, w.tail)
                .split(a.c, co, ci, chans, guard)
                .reorder(xi, ci, xo, co, a.row, a.n);
        }
        at(a.conv_a, w, 0).reorder(a.col, a.c, a.ra);
        at(a.conv_b, w, 0).reorder(a.col, a.c, a.rb.x, a.rb.y, a.rb.z);
        at(a.conv_c, w, 0).reorder(a.col, a.c, a.rc);
    }
    // @layer memory
    a.conv_c.compute_at(a.y, xo);
    a.h_b.store_at(a.y, ro).compute_at(a.y, ri);
    a.conv_b.compute_at(a.h_b, xo);
    a.h_a_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.h_a.store_at(a.y, ro).compute_at(a.y, ri);
    a.conv_a.compute_at(a.h_a, xo);
    for (auto [w, conv] : {std::pair{a.w_a, a.conv_a}, std::pair{a.w_c, a.conv_c}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (const Width &w : widths) {
        at(a.y, w).vectorize(xi).unroll(ci);
        for (Func f : {a.h_a, a.h_b}) at(f, w).vectorize(xi).unroll(ci);
        for (Func f : {a.conv_a, a.conv_b, a.conv_c}) {
            at(f, w).vectorize(a.col, w.v, guard).unroll(a.c);
            at(f, w, 0).vectorize(a.col, w.v, guard).unroll(a.c);
        }
        at(a.conv_b, w, 0).unroll(a.rb.x).unroll(a.rb.y);
        at(a.h_a_padded, w).vectorize(a.col, w.v, guard);
    }
    // @end
    return a.kernel();
}
