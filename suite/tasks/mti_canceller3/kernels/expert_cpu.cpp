// Expert cpu schedule for `mti_canceller3`: one pass, the canceller inlined into the
// magnitude (the naive schedule stores d and reads it back). Per output pulse, the range bins
// are processed in vectors of 2 x the natural width: the interleaved (re, im) returns of the
// three pulses are loaded contiguously and deinterleaved by shuffles, the (1, -2, 1)
// combination and the magnitude are vector arithmetic, and the store is contiguous. Rows of
// pulses run in parallel for large calls; range tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"};
    // @layer compute
    // diff is inlined into y.
    // @layer loops
    a.y.split(a.r, ro, ri, 2 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.vectorize(ri, vec, TailStrategy::GuardWithIf);
    a.y.specialize(a.x.dim(1).extent() * a.x.dim(2).extent() >= 8192).parallel(a.p);
    // @end
    return a.kernel();
}
