// Expert cpu schedule for `espcn_x3`: three parallel conv passes in register tiles, the last
// fused with the pixel shuffle, as a super-resolution runtime runs ESPCN.
//   h1: conv 5x5 (1 -> F1) + tanh, tiles of 1 vector of columns x 8 channels accumulated
//      across the 25 unrolled taps (one input load feeds 8 FMAs), rows in parallel;
//   h2: conv 3x3 (F1 -> F2) + tanh, tiles of 1 vector x 2 rows x 8 channels across all F1
//      input channels and the 9 unrolled taps (one input load feeds 8 FMAs, one weight
//      broadcast 2), row pairs in parallel;
//   y: per strip of R output rows (one source row), the R*R channels of conv3 (F2 -> R*R)
//      are computed for that source row (vectorized over columns, 9 taps unrolled, the input
//      channels outermost), then the pixel shuffle streams them out, vectorized over the
//      output columns; strips in parallel. Each conv3 value is computed once.
// h1 and h2 are stored with a zero-padded frame (h*_pad computed once) so every tile reads
// densely and may run past the right and bottom edges: the conv tiles are full vectors
// everywhere (bound_extent, so they stay in registers), their extra columns read the frame
// and are never stored. tanh is Halide's vectorized polynomial.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, so{"so"}, si{"si"};
    // @layer compute
    a.x_pad.compute_root();
    a.h1.compute_root();
    a.h1_pad.compute_root();
    a.h2.compute_root();
    a.h2_pad.compute_root();
    // @layer loops
    a.h1.split(a.c, co, ci, chans, guard).split(a.col, xo, xi, vec, guard).reorder(xi, ci, xo, co, a.row, a.n).parallel(a.row);
    a.h2.split(a.row, yo, yi, 2, guard)
        .split(a.c, co, ci, chans, guard)
        .split(a.col, xo, xi, vec, guard)
        .reorder(xi, ci, yi, xo, co, yo, a.n)
        .parallel(yo);
    for (Func f : {a.x_pad, a.h1_pad, a.h2_pad}) f.parallel(a.row);
    a.y.split(a.row, so, si, a.R, guard).parallel(so);  // R output rows per source row
    // @layer memory
    a.conv1.compute_at(a.h1, xo).bound_extent(a.col, vec);
    a.conv2.compute_at(a.h2, xo).bound_extent(a.col, vec).bound_extent(a.row, 2);
    a.conv3.compute_at(a.y, so);
    // @layer vector
    a.h1.vectorize(xi).unroll(ci);
    a.conv1.vectorize(a.col).unroll(a.c, chans, guard);
    a.conv1.update().reorder(a.col, a.c, a.r1.x, a.r1.y, a.row, a.n).vectorize(a.col).unroll(a.c, chans, guard).unroll(a.r1.x).unroll(a.r1.y);
    a.h2.vectorize(xi).unroll(ci).unroll(yi);
    a.conv2.vectorize(a.col).unroll(a.c, chans, guard).unroll(a.row);
    a.conv2.update()
        .reorder(a.col, a.c, a.row, a.r2.y, a.r2.z, a.r2.x, a.n)
        .vectorize(a.col)
        .unroll(a.c, chans, guard)
        .unroll(a.row)
        .unroll(a.r2.y)
        .unroll(a.r2.z);
    a.conv3.vectorize(a.col, vec, guard);
    a.conv3.update().reorder(a.col, a.c, a.r3.y, a.r3.z, a.r3.x, a.row, a.n).vectorize(a.col, vec, guard).unroll(a.r3.y).unroll(a.r3.z);
    a.y.vectorize(a.col, vec, guard);
    for (Func f : {a.x_pad, a.h1_pad, a.h2_pad}) f.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
