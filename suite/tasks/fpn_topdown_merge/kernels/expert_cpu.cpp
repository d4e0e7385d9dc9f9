// Expert cpu schedule for `fpn_topdown_merge`: one register-tiled pass per conv, as a
// deployed runtime runs the FPN step:
//   merged (output 0): the 1x1 lateral conv in tiles of 1 vector of columns x 8 channels
//       in registers across CI, the bias and the nearest-upsampled top (read at col / 2,
//       half a vector and a lane-doubling shuffle) added in the store; rows in parallel;
//   merged_padded: merged copied once with its zero pad, so the 3x3 conv reads dense rows;
//   out (output 1): the 3x3 conv, the same register tiles across the 9 taps (unrolled) and
//       the CO channels, bias fused.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on the width: rows at least v
// wide shift the last vector inwards, narrower rows use guarded (GuardWithIf) vectors;
// channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.c.dim(0).extent();
    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    const std::vector<std::pair<Func, Func>> convs = {{a.lateral, a.merged}, {a.conv, a.out}};
    // @layer compute
    a.merged_padded.compute_root();
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
        for (auto [conv, out] : convs) {
            at(out, w)
                .split(a.ch, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        at(a.lateral, w, 0).reorder(a.col, a.ch, a.ri);
        at(a.conv, w, 0).reorder(a.col, a.ch, a.rl.x, a.rl.y, a.rl.z);
    }
    a.merged_padded.parallel(a.ch);
    // @layer memory
    for (auto [conv, out] : convs) conv.compute_at(out, xo);
    // @layer vector
    for (const Width &w : widths) {
        for (auto [conv, out] : convs) {
            at(out, w).vectorize(xi).unroll(ci);
            at(conv, w).vectorize(a.col, w.v, guard).unroll(a.ch, chans, guard);
            at(conv, w, 0).vectorize(a.col, w.v, guard).unroll(a.ch, chans, guard);
        }
        at(a.conv, w, 0).unroll(a.rl.x).unroll(a.rl.y);
    }
    a.merged_padded.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
