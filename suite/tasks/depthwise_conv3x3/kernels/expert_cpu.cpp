// Expert cpu schedule for `depthwise_conv3x3`: channels in parallel; per channel the padded
// plane is built once, then each 4-row x 1-vector tile of the output keeps its accumulators
// in registers across the 9 unrolled taps.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    // padded is built per channel and conv per tile (below); neither is materialized whole.
    // @layer loops
    a.output.split(a.y, yo, yi, 4, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, yi, xo, yo, a.c, a.n)
        .fuse(a.c, a.n, t).parallel(t);
    // @layer memory
    a.padded.compute_at(a.output, t);
    a.conv.compute_at(a.output, xo);
    // @layer vector
    a.output.vectorize(xi).unroll(yi);
    a.padded.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.conv.vectorize(a.x, vec, TailStrategy::RoundUp).unroll(a.y);
    a.conv.update()
        .reorder(a.x, a.y, a.r.x, a.r.y, a.c, a.n)
        .vectorize(a.x, vec, TailStrategy::RoundUp)
        .unroll(a.y).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
