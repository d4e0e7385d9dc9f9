// Expert cpu schedule for `resize_bicubic`: the per-column and per-row tap positions and
// weights are tabulated once (x0, wx, y0, wy at root, a few KiB). The output runs in parallel
// over strips of 32 rows of each channel; each strip first computes the horizontal pass for
// the input rows it needs (about 24) into a strip buffer, then the vertical pass, both
// vectorized along x over natural float vectors (the horizontal taps are gathers of the input
// row, the weights dense loads from the tables).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    for (Func f : {a.x0, a.y0, a.wx, a.wy}) f.compute_root();
    // @layer loops
    a.wx.bound(a.k, 0, 4).reorder(a.k, a.x).unroll(a.k);
    a.wy.bound(a.k, 0, 4).reorder(a.k, a.y).unroll(a.k);
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .reorder(a.x, yi, yo, a.c)
        .fuse(yo, a.c, t)
        .parallel(t);
    // @layer memory
    a.resize_x.compute_at(a.out, t);
    // @layer vector
    a.x0.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.resize_x.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
