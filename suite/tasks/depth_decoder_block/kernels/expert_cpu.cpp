// Expert cpu schedule for `depth_decoder_block`: the whole block fused per strip of 8 output
// rows, strips in parallel, so the padded concat and the activations of a strip stay in L1/L2.
// Per strip: the reflection-padded concat of the upsampled x and skip is materialized once
// (rows of the strip plus a 2-row halo, all channels; the upsample and the concat are
// index arithmetic in that copy), then act for the strip plus a 1-row halo: conv1 is a
// register tile of 1 vector of columns x 8 output channels accumulated over the 3x3 taps and
// all input channels (one dense input vector load and 8 broadcast FMAs per tap and channel),
// with the bias and ELU fused into the store; act is copied into its reflection-padded
// buffer, and conv2 + sigmoid produce the output row vector by vector, the 9 x C_out taps
// accumulated in a register. All stages are vectorized along the columns; the reflection
// index arithmetic only appears in the two padded copies, so the convolutions load densely.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;   // output rows per strip (one parallel task)
    const int chans = 8;  // output channels per conv1 register tile
    Var yo{"yo"}, yi{"yi"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // up and cat are inlined into cat_pad; conv1 lives in registers of act's tiles and conv2
    // in registers of disp's vectors (below).
    // @layer loops
    a.disp.split(a.row, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.col, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, xo, yi, a.c, yo, a.n)
        .parallel(yo);
    a.act.split(a.col, xo, xi, vec, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
        .reorder(xi, ci, xo, co, a.row, a.n);
    a.conv1.update().reorder(a.col, a.c, a.r1.x, a.r1.y, a.r1.z, a.row, a.n);
    a.conv2.update().reorder(a.col, a.r2.x, a.r2.y, a.r2.z, a.row, a.c, a.n);
    // @layer memory
    a.cat_pad.compute_at(a.disp, yo);
    a.act.compute_at(a.disp, yo);
    a.act_pad.compute_at(a.disp, yo);
    // constant-size tiles, so the accumulators stay in registers
    a.conv1.compute_at(a.act, xo).bound_storage(a.col, vec).bound_storage(a.c, chans);
    a.conv2.compute_at(a.disp, xo).bound_storage(a.col, vec);
    // @layer vector
    a.disp.vectorize(xi);
    a.cat_pad.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    a.act_pad.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    a.act.vectorize(xi).unroll(ci);
    a.conv1.vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.conv1.update().vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.r1.x);
    a.conv2.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    a.conv2.update().vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.r2.x).unroll(a.r2.y);
    // @end
    return a.kernel();
}
