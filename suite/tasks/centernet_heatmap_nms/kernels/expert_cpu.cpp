// Expert cpu kernel for `centernet_heatmap_nms`: one fused pass, the 3x3 max separated
// into a horizontal max of 3 (per input row, into a sliding row buffer) and a vertical max
// of 3, the sigmoid, clamp, compare and mask fused into the store; channels (and strips of
// rows) in parallel, vectorized over columns. The -inf padding is replaced by an edge
// clamp (repeat_edge, whose likely() hints split off the dense interior): a clamped
// neighbour repeats a value already in the window, so the max is the same and no padded
// copy of x is made.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var col = a.col, row = a.row, c = a.c, n = a.n;
    Expr W = a.x.dim(0).extent(), H = a.x.dim(1).extent();
    Func xc("xc"), hm("hm"), y("y");
    xc(col, row, c, n) = BoundaryConditions::repeat_edge(a.x, {{0, W}, {0, H}})(col, row, c, n);
    hm(col, row, c, n) = max(max(xc(col - 1, row, c, n), xc(col, row, c, n)), xc(col + 1, row, c, n));
    Expr v = a.x(col, row, c, n);
    Expr vmax = max(max(hm(col, row - 1, c, n), hm(col, row, c, n)), hm(col, row + 1, c, n));
    Expr heat = clamp(1.0f / (1.0f + exp(-v)), 1e-4f, 1.0f - 1e-4f);
    y(col, row, c, n) = select(vmax == v, heat, 0.0f);

    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, t{"t"};
    // @layer compute
    // hm: one horizontal max per input row, kept in a sliding buffer of rows per strip.
    // @layer loops
    y.split(row, ro, ri, 32, guard).reorder(col, ri, ro, c, n).fuse(ro, c, t).parallel(t);
    y.specialize(W >= vec).split(col, xo, xi, vec, TailStrategy::ShiftInwards).vectorize(xi);
    // @layer memory
    hm.store_at(y, t).compute_at(y, ri);
    // @layer vector
    y.vectorize(col, vec, guard);
    hm.specialize(W >= vec).split(col, xo, xi, vec, TailStrategy::ShiftInwards).vectorize(xi);
    hm.vectorize(col, vec, guard);
    // @end
    return {{a.x}, {y}};
}
