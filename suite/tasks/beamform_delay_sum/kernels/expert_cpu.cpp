// Expert cpu schedule for `beamform_delay_sum`: the steering weights (M x K cos pairs) are
// computed once per call; the sum over the microphones is vectorized over the bins: per frame,
// one vector of bins keeps its (re, im) accumulators in registers across all M microphones
// (the interleaved complex inputs are deinterleaved by shuffles of contiguous loads, the
// weights are contiguous), and the result is re-interleaved on store. Frames run in parallel
// for large calls; bin tails use GuardWithIf (K = 2 works).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ko{"ko"}, ki{"ki"};
    // @layer compute
    a.w.compute_root();
    // @layer loops
    a.Y.bound(a.c, 0, 2).reorder(a.c, a.k, a.t)
        .split(a.k, ko, ki, vec, TailStrategy::GuardWithIf)
        .reorder(a.c, ki, ko, a.t);
    // @layer memory
    a.acc.compute_at(a.Y, ko);
    // @layer vector
    a.w.vectorize(a.k, vec, TailStrategy::GuardWithIf);
    a.Y.vectorize(ki).unroll(a.c);
    a.acc.vectorize(a.k, vec, TailStrategy::GuardWithIf);
    a.acc.update().vectorize(a.k, vec, TailStrategy::GuardWithIf);
    a.Y.specialize(a.X.dim(1).extent() * a.X.dim(2).extent() * a.X.dim(3).extent() >= 16384).parallel(a.t);
    // @end
    return a.kernel();
}
