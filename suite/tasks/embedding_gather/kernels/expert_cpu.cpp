// Expert cpu schedule for `embedding_gather`: a pure row copy, bound by fetching scattered
// table rows. Each token's row index is loaded and clamped once (inlined, hoisted out of the
// row loop), then the row is copied in full vectors, two per loop iteration, with a
// predicated vector for the tail of D. Serial on purpose: a lookup of a few hundred rows
// takes microseconds, less than waking a thread pool. (A Halide prefetch of the next rows
// does not help: the row index is data-dependent, so the prefetched region is the whole
// table.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var dO{"dO"}, di{"di"};
    // @layer compute
    // row is inlined into out.
    // @layer loops
    a.out.split(a.d, dO, di, 2 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.vectorize(di, vec, TailStrategy::GuardWithIf).unroll(di);
    // @end
    return a.kernel();
}
