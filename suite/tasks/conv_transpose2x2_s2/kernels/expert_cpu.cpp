// Expert cpu schedule for `conv_transpose2x2_s2`: parallel over blocks of 4 output channels;
// each 8-lane x 2-row x 4-channel tile of the output keeps its 8 accumulator vectors in
// registers across all input channels (one input vector, a lane-duplicating shuffle of 4
// input pixels, feeds the 4 channels; the 2x2 taps alternate along the lanes). Where the
// output is at least one vector wide, the last column tile shifts inwards instead of being
// guarded, so the accumulators never need predicated (scalarized) loads; narrower outputs
// take a guarded fallback.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;  // x / 2 lane duplicates are cheap up to 8 lanes
    const int rows = 2, chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, t{"t"};
    // @layer compute
    // conv is computed per tile (memory, below), never materialized whole.
    // @layer loops
    a.output.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, chans, TailStrategy::GuardWithIf);
    Expr wide = a.output.output_buffer().dim(0).extent() >= vec;
    a.output.specialize(wide)
        .split(a.x, xo, xi, vec, TailStrategy::ShiftInwards)
        .reorder(xi, ci, yi, xo, yo, co, a.n)
        .fuse(co, a.n, t).parallel(t)
        .vectorize(xi).unroll(ci).unroll(yi);
    a.output.split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, ci, yi, xo, yo, co, a.n)
        .fuse(co, a.n, t).parallel(t);
    // @layer memory
    a.conv.compute_at(a.output, xo);
    // @layer vector
    a.conv.vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.y).unroll(a.c);
    a.conv.update()
        .reorder(a.x, a.c, a.y, a.r, a.n)
        .vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.y);
    // @end
    return a.kernel();
}
