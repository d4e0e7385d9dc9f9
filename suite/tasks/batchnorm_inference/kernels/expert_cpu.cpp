// Expert cpu schedule for `batchnorm_inference`: the per-channel scale and shift are computed
// once per channel (two scalars, hoisted out of the plane), then the channel's plane is one
// fused multiply-add per element. Channels in parallel; each row in 8-lane vectors (at most
// the natural width: edge planes are narrow, 7 to 56 columns, and a 16-lane vector would
// leave most 14-column rows to the guarded tail), the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;
    Var t{"t"};
    // @layer compute
    // scale and shift are computed per channel (memory, below).
    // @layer loops
    a.output.fuse(a.c, a.n, t).parallel(t);
    // @layer memory
    a.scale.compute_at(a.output, t);
    a.shift.compute_at(a.output, t);
    // @layer vector
    a.output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
