// Expert cpu schedule for `unet_tiny_encoder_stage`: as a deployed runtime runs the Down
// stage, the max pool written straight into the padded conv input, then one
// register-tiled pass per conv:
//   p_padded: the 2x2 max pool of x (stride-2 loads) with the zero pad, channels in
//       parallel, vectorized;
//   a: conv a (3x3 over the CI channels) + ReLU, rows in parallel, tiles of 1 vector of
//       columns x 8 channels in registers across the 9 taps (unrolled) and the channels;
//   a_padded: a copied with its zero pad;
//   y: conv b + ReLU, the same register tiles.
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
    const Expr W = a.x.dim(0).extent() / 2;
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {{a.conv_a, a.a}, {a.conv_b, a.y}};
    // @layer compute
    for (Func f : {a.p_padded, a.a, a.a_padded}) f.compute_root();
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
        at(a.conv_a, w, 0).reorder(a.col, a.c, a.ra.x, a.ra.y, a.ra.z);
        at(a.conv_b, w, 0).reorder(a.col, a.c, a.rb.x, a.rb.y, a.rb.z);
    }
    for (Func f : {a.p_padded, a.a_padded}) f.parallel(a.c);
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
        at(a.conv_a, w, 0).unroll(a.ra.x).unroll(a.ra.y);
        at(a.conv_b, w, 0).unroll(a.rb.x).unroll(a.rb.y);
    }
    for (Func f : {a.p_padded, a.a_padded}) f.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
