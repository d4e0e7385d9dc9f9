// Expert cpu schedule for `conv1d_glu`: the padded input is written once (a few KB, so the
// inner loop loads dense vectors without bounds checks); the output is computed in parallel
// strips of 4 channels, and each tile of 1 vector of time steps x 4 channels keeps the 8
// conv accumulators of both halves (value a and gate b of each channel) in registers across
// the whole (input channel, tap) loop: one input vector load feeds 8 FMAs against broadcast
// weights. Bias, sigmoid (Halide's vectorized exp) and the product are fused into the store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;
    Var lo{"lo"}, li{"li"}, co{"co"}, cj{"cj"};
    // @layer compute
    // biased is inlined into y; conv is computed per tile of y (below).
    a.x_padded.compute_root();
    // @layer loops
    a.y.split(a.c, co, cj, chans, TailStrategy::GuardWithIf)
        .split(a.l, lo, li, vec, TailStrategy::GuardWithIf)
        .reorder(li, cj, lo, co, a.n)
        .parallel(co);
    a.x_padded.parallel(a.c);
    // @layer memory
    a.conv.compute_at(a.y, lo)
        .bound_storage(a.l, vec)
        .bound_storage(a.c, chans)
        .bound_storage(a.g, 2);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    a.x_padded.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    a.y.vectorize(li).unroll(cj);
    a.conv.vectorize(a.l, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.g);
    a.conv.update()
        .reorder(a.l, a.c, a.g, a.r.x, a.r.y, a.n)
        .vectorize(a.l, vec, TailStrategy::GuardWithIf)
        .unroll(a.c)
        .unroll(a.g);
    // @end
    return a.kernel();
}
