// Expert cpu schedule for `tiny_yolo_head`: an algorithm rewrite plus a register-tiled
// schedule. The output is pixel-major with the NC + 5 fields of an anchor contiguous, so the
// 1x1 conv is computed channel-innermost (conv_t(ch, gx, gy)) and everything is vectorized
// over the fields. Rows of the grid for each anchor run in parallel; per tile of 4 grid
// columns x 2 vectors of fields, the conv keeps 8 vector accumulators in registers across
// all input channels (per input channel two dense weight-vector loads and four broadcast
// input loads feed 8 FMAs), then the bias, the sigmoid / exp, the grid offsets and the
// anchor scaling are fused into the store (the select on the field index becomes blends).
// The weights are copied once transposed (channel innermost). The conv tile is a constant
// 2 vectors x 4 columns even at the edges, so that it stays in registers: its extra columns
// read a clamped column and its extra channels a clamped weight row, and are never stored.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int cols = 4;
    const Expr W = a.x.dim(0).extent(), CH = a.weight.dim(3).extent();
    const Expr no = CH / task::Algorithm::num_anchors;
    Var ko{"ko"}, ki{"ki"}, xo{"xo"}, xi{"xi"}, t{"t"};
    // @layer compute
    Func wt("wt"), conv_t("conv_t"), out("out");
    wt(a.ch, a.k) = a.weight(0, 0, a.k, min(a.ch, CH - 1));  // wt(ch, ci): channel innermost
    conv_t(a.ch, a.gx, a.gy, a.b) = 0.0f;
    conv_t(a.ch, a.gx, a.gy, a.b) += wt(a.ch, a.ci) * a.x(min(a.gx, W - 1), a.gy, a.ci, a.b);
    Expr c = a.a * no + a.k;
    Expr p = conv_t(c, a.gx, a.gy, a.b) + a.bias(c);
    Expr s = 1.0f / (1.0f + exp(-p));
    Expr wh = exp(p) * a.anchors(clamp(a.k - 2, 0, 1), a.a);
    out(a.k, a.gx, a.gy, a.a, a.b) = select(a.k == 0, (s + cast<float>(a.gx)) * task::Algorithm::stride,
                                            a.k == 1, (s + cast<float>(a.gy)) * task::Algorithm::stride,
                                            a.k < 4, wh,
                                            s);
    wt.compute_root();
    // @layer loops
    out.split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.gx, xo, xi, cols, TailStrategy::GuardWithIf)
        .reorder(ki, xi, ko, xo, a.gy, a.a, a.b)
        .fuse(a.gy, a.a, t)
        .parallel(t);
    wt.parallel(a.k);
    conv_t.update().reorder(a.ch, a.gx, a.ci, a.gy, a.b);
    // @layer memory
    conv_t.compute_at(out, ko).bound_extent(a.ch, 2 * vec).bound_extent(a.gx, cols);
    // @layer vector
    wt.vectorize(a.ch, vec, TailStrategy::GuardWithIf);
    out.vectorize(ki, vec, TailStrategy::GuardWithIf).unroll(ki).unroll(xi);
    conv_t.vectorize(a.ch, vec).unroll(a.ch).unroll(a.gx);
    conv_t.update().vectorize(a.ch, vec).unroll(a.ch).unroll(a.gx);
    // @end
    return {{a.x, a.weight, a.bias, a.anchors}, {out}};
}
