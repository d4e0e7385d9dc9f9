// Expert cpu schedule for `resize_bicubic`: the per-column and per-row tap positions and
// weights are tabulated once (x0, wx, y0, wy at root, a few KiB). The horizontal pass runs at
// root over every input row (parallel over strips of rows and channels, vectorized along the
// output columns: the taps are gathers of the input row, the weights dense loads); computing
// it per output strip would not help, as the rows a strip needs come from a table lookup that
// bounds inference cannot see through (it would take every row). The vertical pass then runs
// in parallel over strips of 32 output rows, vectorized along x, 4 dense row loads per vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    for (Func f : {a.x0, a.y0, a.wx, a.wy, a.resize_x}) f.compute_root();
    // @layer loops
    a.wx.bound(a.k, 0, 4).reorder(a.k, a.x).unroll(a.k);
    a.wy.bound(a.k, 0, 4).reorder(a.k, a.y).unroll(a.k);
    a.resize_x.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .reorder(a.x, yi, yo, a.c)
        .fuse(yo, a.c, t)
        .parallel(t);
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .reorder(a.x, yi, yo, a.c)
        .fuse(yo, a.c, t)
        .parallel(t);
    // @layer vector
    a.x0.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.resize_x.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
