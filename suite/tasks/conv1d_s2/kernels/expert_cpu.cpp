// Expert cpu schedule for `conv1d_s2`: the padded input is built once (it is small); the
// output is cut into blocks of 2 vectors of time steps x 4 output channels, all blocks in
// parallel. Each block keeps its 8 vector accumulators in registers across all input
// channels and the 3 unrolled taps (stride-2 reads are dense loads and shuffles; each loaded input
// vector feeds 4 output channels and each weight is a broadcast).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int steps = 2 * vec, chans = 4;
    Var lo{"lo"}, li{"li"}, co{"co"}, ci{"ci"}, t{"t"};
    // @layer compute
    a.padded.compute_root();
    // conv is computed per block of output (memory, below), never materialized whole.
    // @layer loops
    a.output.split(a.l, lo, li, steps, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
        .reorder(li, ci, lo, co, a.n)
        .fuse(lo, co, t).fuse(t, a.n, t).parallel(t);
    // @layer memory
    // A full steps x chans block even at the end of time, so it stays in registers: the extra
    // steps read padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, t).bound_extent(a.l, steps);
    // @layer vector
    a.padded.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    a.output.vectorize(li, vec).unroll(li).unroll(ci);
    a.conv.vectorize(a.l, vec).unroll(a.l).unroll(a.c);
    a.conv.update()
        .split(a.l, lo, li, vec)
        .reorder(li, lo, a.c, a.r.y, a.r.x, a.n)
        .vectorize(li).unroll(lo).unroll(a.c).unroll(a.r.y);
    // @end
    return a.kernel();
}
