// Expert cpu kernel for `yolov5n_detect_head`: the three 1x1 prediction convs as small
// GEMMs with the output channel as the vector dimension, then the decode written straight
// into the concatenated output, each level into its own block of rows:
//   conv3/4/5: per level, weights transposed once (output channel innermost), then tiles of
//       2 (or 1) vectors of output channels x 4 grid cells accumulated in registers across
//       the input channels (one weight vector load feeds 4 FMAs, one x load is broadcast),
//       rows of the grid in parallel; specialized on the channel count and the map width
//       so the tiles shift inwards instead of guarding;
//   y: the decode (bias, sigmoid, grid / anchor / stride arithmetic) vectorized over the
//      fields of a row, whose conv outputs are contiguous in the (o, gx, gy) layout; the
//      pure definition writes the P3 rows, two updates the P4 and P5 rows (each level's
//      rows are a contiguous block of the output), rows in parallel. No select between
//      levels: each decoded value is computed once.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    ImageParam xs[3] = {a.x3, a.x4, a.x5}, ws[3] = {a.w3, a.w4, a.w5}, bs[3] = {a.b3, a.b4, a.b5};
    Var o = a.o, gx = a.gx, gy = a.gy, k = a.k, r = a.r, n = a.n;
    Expr NO = a.w3.dim(3).extent() / 3;

    // The decode of level l at (field k, anchor al, cell cx, cy), as algorithm.h.
    auto decode = [&](int l, Expr kk, Expr al, Expr cx, Expr cy) {
        Expr ch = al * NO + kk;
        Expr sg = 1.0f / (1.0f + exp(-(a.conv[l](ch, cx, cy, n) + bs[l](ch))));
        Expr aw = select(al == 0, task::kAnchor[l][0][0], al == 1, task::kAnchor[l][1][0], task::kAnchor[l][2][0]);
        Expr ah = select(al == 0, task::kAnchor[l][0][1], al == 1, task::kAnchor[l][1][1], task::kAnchor[l][2][1]);
        Expr s2 = sg * 2.0f;
        return select(kk == 0, (s2 + (cast<float>(cx) - 0.5f)) * task::kStride[l],
                      kk == 1, (s2 + (cast<float>(cy) - 0.5f)) * task::kStride[l],
                      kk == 2, s2 * s2 * aw, kk == 3, s2 * s2 * ah, sg);
    };
    Expr rows[3], offset[3];
    for (int l = 0; l < 3; l++) rows[l] = 3 * xs[l].dim(0).extent() * xs[l].dim(1).extent();
    offset[0] = 0;
    offset[1] = rows[0];
    offset[2] = rows[0] + rows[1];
    auto cell = [&](int l, Expr rl, Expr kk) {
        Expr Wl = xs[l].dim(0).extent(), HWl = Wl * xs[l].dim(1).extent();
        Expr pos = rl % HWl;
        return decode(l, kk, rl / HWl, pos % Wl, pos / Wl);
    };
    Func y("y");
    y(k, r, n) = cell(0, clamp(r, 0, rows[0] - 1), k);  // rows of P4 / P5 are overwritten below
    // The RVars index the output rows directly (a bare RVar on the left-hand side), so
    // Halide can see that each iteration writes its own row and lets them run in parallel.
    RDom r4(offset[1], rows[1], "r4"), r5(offset[2], rows[2], "r5");
    y(k, r4, n) = cell(1, r4 - offset[1], k);
    y(k, r5, n) = cell(2, r5 - offset[2], k);

    Var oo{"oo"}, oi{"oi"}, xo{"xo"}, xi{"xi"}, ro{"ro"}, ri{"ri"}, ko{"ko"}, kv{"kv"};
    // @layer compute
    // Each level's conv is a root buffer (its wrapper); the accumulation runs in the conv
    // Func itself, in registers of the wrapper's tile.
    Func cw[3];
    for (int l = 0; l < 3; l++) {
        cw[l] = a.conv[l].in();
        cw[l].compute_root();
    }
    // @layer loops
    for (int l = 0; l < 3; l++) {
        Expr NO3 = ws[l].dim(3).extent(), Wl = xs[l].dim(0).extent();
        struct Tile {
            Expr cond;
            int ov;
            TailStrategy tail;
        };
        std::vector<Tile> tiles = {{NO3 >= 2 * vec && Wl >= 4, 2 * vec, TailStrategy::ShiftInwards},
                                   {NO3 >= vec && Wl >= 4, vec, TailStrategy::ShiftInwards},
                                   {Expr(), vec, guard}};
        for (const Tile &t : tiles) {
            Stage s = t.cond.defined() ? Stage(cw[l]).specialize(t.cond) : Stage(cw[l]);
            s.split(o, oo, oi, t.ov, t.tail)
                .split(gx, xo, xi, 4, t.tail)
                .reorder(oi, xi, oo, xo, gy, n)
                .parallel(gy);
        }
        a.conv[l].update().reorder(o, gx, a.rc[l]);
    }
    // @layer memory
    for (int l = 0; l < 3; l++) {
        a.conv[l].compute_at(cw[l], oo);
        // the 1x1 weights, transposed once so that a tile's output channels are adjacent
        Func wt = ws[l].in(a.conv[l]);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (int l = 0; l < 3; l++) {
        Expr NO3 = ws[l].dim(3).extent(), Wl = xs[l].dim(0).extent();
        std::vector<Expr> conds = {NO3 >= 2 * vec && Wl >= 4, NO3 >= vec && Wl >= 4, Expr()};
        for (const Expr &cond : conds) {
            Stage s = cond.defined() ? Stage(cw[l]).specialize(cond) : Stage(cw[l]);
            s.vectorize(oi, vec, guard).unroll(oi, 2, guard).unroll(xi);
        }
        a.conv[l].vectorize(o, vec, guard).unroll(o, 2, guard).unroll(gx, 4, guard);
        a.conv[l].update().vectorize(o, vec, guard).unroll(o, 2, guard).unroll(gx, 4, guard);
    }
    // y: rows in parallel, vectorized over the fields (the pure definition shifts the last
    // vector of a row inwards when a row holds at least one vector of fields; the updates
    // guard it).
    Expr wide = NO >= vec;
    y.split(r, ro, ri, 64, guard).parallel(ro);
    y.specialize(wide).split(k, ko, kv, vec, TailStrategy::ShiftInwards).vectorize(kv);
    y.vectorize(k, vec, guard);
    for (int u = 0; u < 2; u++) {
        RVar rv = u == 0 ? r4.x : r5.x;
        RVar rvo("rvo" + std::to_string(u)), rvi("rvi" + std::to_string(u));
        y.update(u).split(rv, rvo, rvi, 64, guard).parallel(rvo);
        y.update(u).vectorize(k, vec, guard);
    }
    // @end
    return {{a.x3, a.x4, a.x5, a.w3, a.b3, a.w4, a.b4, a.w5, a.b5}, {y}};
}
