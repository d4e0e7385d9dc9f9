// Expert cuda schedule for `lucas_kanade_step`: one kernel, an algorithm rewrite of the 5x5
// window sums as separable box sums (5 + 5 adds instead of 25). Blocks of 16x16 pixels stage
// their window in shared memory: first the 5 zero-padded products of the 20x20 input tile
// (gradients and temporal difference inlined, loads coalesced along the rows, the 5 products
// unrolled so that they share the loads of frame1 and frame2), then their horizontal 5-sums
// over 16x20 rows; each thread then sums 5 rows per product from shared memory and solves
// for u and v (both written by the same thread, sharing the sums). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int half = task::Algorithm::window / 2;
    Var x = a.x, y = a.y, k = a.k, c = a.c, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
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
    flow.bound(c, 0, 2).reorder(c, x, y).gpu_tile(x, y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    // @layer memory
    a.prod_padded.compute_at(flow, xo).store_in(MemoryType::GPUShared).reorder(k, x, y).gpu_threads(x, y);
    box_x.compute_at(flow, xo).store_in(MemoryType::GPUShared).reorder(k, x, y).gpu_threads(x, y);
    // @layer vector
    flow.unroll(c);
    a.prod_padded.unroll(k);
    box_x.unroll(k);
    // @end
    return {{a.frame1, a.frame2}, {flow}};
}
