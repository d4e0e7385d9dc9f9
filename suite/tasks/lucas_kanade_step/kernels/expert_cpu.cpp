// Expert cpu schedule for `lucas_kanade_step`: an algorithm rewrite of the 5x5 window sums as
// separable box sums (5 + 5 adds instead of 25) plus a sliding-window schedule. Strips of 16
// rows run in parallel; down each strip, when an output row needs a new input row, the 5
// zero-padded products of that row are computed once (gradients and temporal difference
// inlined, the 5 products unrolled so that they share the loads of frame1 and frame2), then
// their horizontal 5-sums, into buffers Halide folds to a few rows (L1). The vertical 5-sums
// are inlined into the solve, which writes u and v of a vector of pixels together (the loads
// of the sums shared by both). Everything is vectorized along x; the replicate clamp and
// the zero padding are evaluated once per product, not once per window tap.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 16;  // output rows per strip (one parallel task)
    const int half = task::Algorithm::window / 2;
    Var x = a.x, y = a.y, k = a.k, c = a.c, yo{"yo"}, yi{"yi"}, xo{"xo"}, xi{"xi"};
    Func box_x{"box_x"}, flow{"flow"};
    // @layer compute
    // box_x: the horizontal 5-sums of the padded products; the vertical ones are inlined.
    Expr bx = 0.0f;
    for (int d = -half; d <= half; d++) bx += a.prod_padded(x + d, y, k);
    box_x(x, y, k) = bx;
    auto window_sum = [&](int kk) {
        Expr s = 0.0f;
        for (int d = -half; d <= half; d++) s += box_x(x, y + d, kk);
        return s;
    };
    Expr sxx = window_sum(0), sxy = window_sum(1), syy = window_sum(2), sxt = window_sum(3), syt = window_sum(4);
    Expr det = max(sxx * syy - sxy * sxy, task::Algorithm::eps);
    flow(x, y, c) = select(c == 0, sxy * syt - syy * sxt, sxy * sxt - sxx * syt) / det;
    // clamped, ix, iy, it and prod are inlined into prod_padded.
    // @layer loops
    flow.bound(c, 0, 2)
        .split(y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, c, xo, yi, yo)
        .parallel(yo);
    // @layer memory
    a.prod_padded.store_at(flow, yo).compute_at(flow, yi);
    box_x.store_at(flow, yo).compute_at(flow, yi);
    // @layer vector
    flow.vectorize(xi).unroll(c);
    for (Func f : {a.prod_padded, box_x}) {
        f.split(x, xo, xi, vec, TailStrategy::GuardWithIf).reorder(xi, k, xo, y).vectorize(xi).unroll(k);
    }
    // @end
    return {{a.frame1, a.frame2}, {flow}};
}
