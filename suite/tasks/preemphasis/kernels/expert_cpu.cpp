// Expert cpu schedule for `preemphasis`: one pass, padded inlined (the naive schedule
// materializes a padded copy of x). Each channel is cut into vectors of 2 * natural width
// (one aligned and one unaligned load of x per vector), the vectors grouped into chunks of
// 256, all chunks of all channels in parallel (so a single channel still uses every core).
// Only the last vector of a channel is guarded, so the chunks run unpredicated.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var nv{"nv"}, no{"no"}, ni{"ni"}, t{"t"};
    // @layer compute
    // padded is inlined: a select on the index, true everywhere but the first sample.
    // @layer loops
    a.y.split(a.n, nv, ni, 2 * vec, TailStrategy::GuardWithIf)
        .split(nv, no, nv, 256, TailStrategy::GuardWithIf)
        .reorder(ni, nv, no, a.c)
        .fuse(no, a.c, t).parallel(t);
    // @layer vector
    a.y.vectorize(ni);
    // @end
    return a.kernel();
}
