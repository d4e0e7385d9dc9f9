// Expert cpu schedule for `mti_canceller3`: one pass, the canceller inlined into the
// magnitude (the naive schedule stores d and reads it back). Per output pulse, the range bins
// are processed in vectors of the natural width: the interleaved (re, im) returns of the
// three pulses are loaded contiguously and deinterleaved by shuffles, the (1, -2, 1)
// combination and the magnitude are vector arithmetic, and the store is contiguous. Calls run
// on one core (rows of pulses in parallel only above 256K cells); range tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // diff is inlined into y.
    // @layer vector
    a.y.vectorize(a.r, vec, TailStrategy::GuardWithIf);
    // Parallel only for very large calls: the pass is memory-bound and a CPI of 64 x 512 cells
    // takes a few microseconds on one core, less than waking the thread pool.
    a.y.specialize(a.x.dim(1).extent() * a.x.dim(2).extent() >= 262144).parallel(a.p);
    // @end
    return a.kernel();
}
