// Expert cpu schedule for `fastslam_landmark_update`: the whole 2x2 update of a vector of
// particles in registers (one lane per particle: the atan2, sqrt, log and floor vectorized),
// the seven results per particle stored once into a small buffer; the three outputs are then
// written from it vectorized over particles (the mean and covariance entries interleaved by
// the unrolled inner dimensions). A few thousand particles are ~100 us of work on one core,
// about what waking a thread pool costs, so it runs on one thread. Tails GuardWithIf, so any
// sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    a.upd.compute_root();
    // @layer loops
    a.mean.bound(a.j, 0, 2).reorder(a.j, a.p);
    a.cov.bound(a.j, 0, 2).bound(a.i, 0, 2).reorder(a.j, a.i, a.p);
    // @layer vector
    a.upd.vectorize(a.p, vec, guard);
    a.logw.vectorize(a.p, vec, guard);
    a.mean.unroll(a.j).vectorize(a.p, vec, guard);
    a.cov.unroll(a.j).unroll(a.i).vectorize(a.p, vec, guard);
    // @end
    return a.kernel();
}
