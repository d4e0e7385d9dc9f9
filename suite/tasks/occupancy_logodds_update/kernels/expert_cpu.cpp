// Expert cpu schedule for `occupancy_logodds_update`: one pass (z and dl inlined), parallel
// over strips of 16 rows, vectorized along x over natural float vectors: dense loads of the
// prior, beam and range rows, a gather from the 1.4 KiB scan (in L1), the case selects as
// vector blends, the clamp and a dense store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.split(a.y, yo, yi, 16, TailStrategy::GuardWithIf).parallel(yo);
    // @layer vector
    a.out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
