// Expert cpu kernel for `lraspp_head`: an algorithm rewrite as a deployed runtime would
// run the head, then register-tiled passes. The high classifier is linear and the bilinear
// weights of each output sum to 1, so conv1x1(resize(g), w_high) + b_high equals
// resize(conv1x1(g, w_high) + b_high): the CI -> NC conv runs at the high map's resolution
// (a quarter of the pixels) before the resize, and the CI-channel upsampled map is never
// built.
//   colsum, psum, gate: the global average pool as dense column sums (vectorized) then a
//       short row sum, the CHI -> CI gate conv and its sigmoid, once per call;
//   gated: cbr 1x1 conv + bias + ReLU, the gate multiplied into the store, rows in
//       parallel, tiles of 1 vector of columns x 8 channels in registers across CHI;
//   hc: the high classifier (CI -> NC) + b_high at HH x WH, same tiles;
//   hcx: hc resized along the columns to the full width (gathered loads), per channel;
//   y: the low classifier (CL -> NC) in register tiles, its bias and the resize along the
//      rows (two dense rows of hcx) fused into the store.
// Register tiles need a constant column extent (v = the natural vector width, halved down
// to 4 lanes for narrow maps), so every conv is specialized on its width: rows at least v
// wide shift the last vector inwards, narrower rows use guarded (GuardWithIf) vectors;
// channel blocks are guarded, so any channel count works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    Var col = a.col, row = a.row, c = a.c, n = a.n;
    Expr W = a.low.dim(0).extent(), H = a.low.dim(1).extent();
    Expr WH = a.high.dim(0).extent(), HH = a.high.dim(1).extent();
    RDom ry(0, HH, "ry"), rx(0, WH, "rx");
    RDom rh(0, a.high.dim(2).extent(), "rh"), rl(0, a.low.dim(2).extent(), "rl");
    RDom ri(0, a.w_high.dim(2).extent(), "ri");

    Func colsum("colsum"), psum("psum"), sconv("sconv"), gate("gate");
    colsum(col, c, n) = 0.0f;
    colsum(col, c, n) += a.high(col, ry, c, n);
    psum(c, n) = 0.0f;
    psum(c, n) += colsum(rx, c, n);
    sconv(c, n) = 0.0f;
    sconv(c, n) += a.w_scale(0, 0, rh, c) * psum(rh, n);
    gate(c, n) = 1.0f / (1.0f + exp(-sconv(c, n) / cast<float>(WH * HH)));

    Func cbr("cbr"), gated("gated"), hcv("hcv"), hc("hc"), hcx("hcx"), lowc("lowc"), y("y");
    cbr(col, row, c, n) = 0.0f;
    cbr(col, row, c, n) += a.w_cbr(0, 0, rh, c) * a.high(col, row, rh, n);
    gated(col, row, c, n) = max(cbr(col, row, c, n) + a.b_cbr(c), 0.0f) * gate(c, n);
    hcv(col, row, c, n) = 0.0f;
    hcv(col, row, c, n) += a.w_high(0, 0, ri, c) * gated(col, row, ri, n);
    hc(col, row, c, n) = hcv(col, row, c, n) + a.b_high(c);

    Expr sx = max(cast<float>(WH) / cast<float>(W) * (cast<float>(col) + 0.5f) - 0.5f, 0.0f);
    Expr x0 = min(cast<int>(sx), WH - 1), x1 = min(x0 + 1, WH - 1);
    Expr lx = sx - cast<float>(x0);
    hcx(col, row, c, n) = (1.0f - lx) * hc(x0, row, c, n) + lx * hc(x1, row, c, n);
    Expr sy = max(cast<float>(HH) / cast<float>(H) * (cast<float>(row) + 0.5f) - 0.5f, 0.0f);
    Expr y0 = min(cast<int>(sy), HH - 1), y1 = min(y0 + 1, HH - 1);
    Expr ly = sy - cast<float>(y0);
    lowc(col, row, c, n) = 0.0f;
    lowc(col, row, c, n) += a.w_low(0, 0, rl, c) * a.low(col, row, rl, n);
    y(col, row, c, n) = lowc(col, row, c, n) + a.b_low(c) +
                        ((1.0f - ly) * hcx(col, y0, c, n) + ly * hcx(col, y1, c, n));

    Var xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    auto widths_for = [&](Expr w) {
        std::vector<Width> ws;
        for (int v = vec; v >= 4; v /= 2) ws.push_back({w >= v, v, TailStrategy::ShiftInwards});
        ws.push_back({Expr(), vec, TailStrategy::GuardWithIf});
        return ws;
    };
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage s = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? s.specialize(w.cond) : s;
    };
    struct Conv {
        Func conv, out;
        RVar r;
        Expr width;
    };
    const std::vector<Conv> convs = {{cbr, gated, rh, WH}, {hcv, hc, ri, WH}, {lowc, y, rl, W}};
    // @layer compute
    for (Func f : {colsum, psum, sconv, gate, gated, hc, hcx}) f.compute_root();
    // @layer loops
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w)
                .split(c, co, ci, chans, TailStrategy::GuardWithIf)
                .split(col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, row, n)
                .parallel(row);
            at(cv.conv, w, 0).reorder(col, c, cv.r);
        }
    }
    colsum.update().reorder(col, ry, c).parallel(c);
    colsum.parallel(c);
    hcx.parallel(c);
    // @layer memory
    for (Conv cv : convs) cv.conv.compute_at(cv.out, xo);
    // @layer vector
    const TailStrategy guard = TailStrategy::GuardWithIf;
    for (Conv cv : convs) {
        for (const Width &w : widths_for(cv.width)) {
            at(cv.out, w).vectorize(xi).unroll(ci);
            at(cv.conv, w).vectorize(col, w.v, guard).unroll(c, chans, guard);
            at(cv.conv, w, 0).vectorize(col, w.v, guard).unroll(c, chans, guard);
        }
    }
    colsum.vectorize(col, vec, guard);
    colsum.update().vectorize(col, vec, guard);
    hcx.vectorize(col, vec, guard);
    // @end
    return {{a.low, a.high, a.w_cbr, a.b_cbr, a.w_scale, a.w_low, a.b_low, a.w_high, a.b_high}, {y}};
}
