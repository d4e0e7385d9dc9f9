// Expert cpu schedule for `conv2d_3x3_fp16`: parallel strips of 4 output rows; per strip the
// padded input is built once, then each 1-vector x 4-row x 4-channel tile of the output
// keeps its 16 accumulators in registers across all input channels and the 9 unrolled taps.
// float16 variant of `conv2d_3x3` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
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
        .reorder(xi, ci, yi, xo, co, yo, a.n)
        .fuse(yo, a.n, t).parallel(t);
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
        .reorder(a.x, a.c, a.y, a.r.y, a.r.z, a.r.x, a.n)
        .vectorize(a.x).unroll(a.c).unroll(a.y).unroll(a.r.y).unroll(a.r.z);
    // @end
    return a.kernel();
}
