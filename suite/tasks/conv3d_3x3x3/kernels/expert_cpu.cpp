// Expert cpu schedule for `conv3d_3x3x3`: parallel strips of 4 output rows of one frame; per
// strip the padded input it reads (3 frames x 6 rows of every input channel) is built once,
// then each 1-vector x 4-row x 4-channel tile of the output keeps its 16 accumulators in
// registers across all input channels and the 27 unrolled taps: each input vector feeds 4
// output channels and each weight is a broadcast.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4, chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, t{"t"};
    // @layer compute
    // padded is built per row strip and conv per tile (below); neither is materialized whole.
    // @layer loops
    a.output.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, ci, yi, xo, co, yo, a.z, a.n)
        .fuse(yo, a.z, t).fuse(t, a.n, t).parallel(t);
    // @layer memory
    a.padded.compute_at(a.output, t);
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, xo).bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    a.output.vectorize(xi).unroll(ci).unroll(yi);
    a.padded.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.conv.vectorize(a.x).unroll(a.y).unroll(a.c);
    a.conv.update()
        .reorder(a.x, a.c, a.y, a.r.y, a.r.z, a.r.w, a.r.x, a.z, a.n)
        .vectorize(a.x).unroll(a.c).unroll(a.y).unroll(a.r.y).unroll(a.r.z).unroll(a.r.w);
    // @end
    return a.kernel();
}
