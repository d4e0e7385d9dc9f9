// Expert cpu schedule for `depthwise_conv1d_swish`: parallel over blocks of 8 channels; per
// channel the zero-padded row is copied once into a small buffer (so the tap loop loads dense
// vectors without bounds checks), then each tile of 2 vectors of time steps keeps its conv
// accumulators in registers across the whole tap loop (one broadcast weight feeds 2 vector
// FMAs against two unaligned loads of the padded row). Bias and SiLU (Halide's vectorized
// exp) are fused into the store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var lo{"lo"}, li{"li"}, co{"co"}, cj{"cj"};
    // @layer compute
    // biased is inlined into y; x_padded is computed per channel row and conv per tile of y
    // (below).
    // @layer loops
    a.y.split(a.c, co, cj, 8, TailStrategy::GuardWithIf)
        .split(a.l, lo, li, 2 * vec, TailStrategy::GuardWithIf)
        .reorder(li, lo, cj, co, a.n)
        .parallel(co);
    // @layer memory
    a.x_padded.compute_at(a.y, cj);
    a.conv.compute_at(a.y, lo).bound_storage(a.l, 2 * vec);  // the accumulators stay in registers
    // @layer vector
    a.x_padded.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    a.y.vectorize(li, vec, TailStrategy::GuardWithIf).unroll(li);
    a.conv.vectorize(a.l, vec, TailStrategy::GuardWithIf).unroll(a.l);
    a.conv.update().reorder(a.l, a.k, a.c, a.n).vectorize(a.l, vec, TailStrategy::GuardWithIf).unroll(a.l);
    // @end
    return a.kernel();
}
