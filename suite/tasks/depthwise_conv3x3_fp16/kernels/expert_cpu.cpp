// Expert cpu schedule for `depthwise_conv3x3_fp16`: channels in parallel; per channel the padded
// plane is built once, then each 4-row x 1-vector tile of the output keeps its accumulators
// in registers across the 9 unrolled taps.
// float16 variant of `depthwise_conv3x3` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    // padded is built per channel and conv per tile (below); neither is materialized whole.
    // @layer loops
    a.output.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, yi, xo, yo, a.c, a.n)
        .fuse(a.c, a.n, t).parallel(t);
    // @layer memory
    a.padded.compute_at(a.output, t);
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, xo).bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    a.output.vectorize(xi).unroll(yi);
    // The copy into padded is 4 lanes wide: its vectors that straddle the border become
    // gathers, and narrow gathers stay cheap.
    a.padded.vectorize(a.x, 4, TailStrategy::GuardWithIf);
    a.conv.vectorize(a.x).unroll(a.y);
    a.conv.update()
        .reorder(a.x, a.y, a.r.x, a.r.y, a.c, a.n)
        .vectorize(a.x).unroll(a.y).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
