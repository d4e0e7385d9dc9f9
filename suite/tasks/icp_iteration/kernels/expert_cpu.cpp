// Expert cpu schedule for `icp_iteration`: the correspondence search (P x Q distances) is
// the whole cost. The transformed source points are stored once structure-of-arrays (x, y,
// z planes), so a vector of source points is three loads; the search then runs in parallel
// blocks of 2 vectors of source points, each target point broadcast against both vectors,
// the running (index, distance) argmin of 2 vectors of points kept in registers over all Q
// targets (the target cloud, 12 bytes a point, streams from L1/L2). Ties keep the first
// index as the reference does (the argmin's strict comparison per lane). The centroids and
// the covariance are short passes over the P matched pairs (9 + 6 sums). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var po{"po"}, pi{"pi"};
    // @layer compute
    a.x.compute_root().reorder_storage(a.p, a.i).reorder(a.p, a.i).vectorize(a.p, vec, guard);
    a.nn.compute_at(a.corr, po);
    a.cent.compute_root();
    a.csum.compute_root();
    // @layer loops
    a.corr.split(a.p, po, pi, 2 * vec, guard).parallel(po).vectorize(pi, vec, guard).unroll(pi);
    a.nn.vectorize(a.p, vec, guard).unroll(a.p);
    a.nn.update().reorder(a.p, a.rq.x).vectorize(a.p, vec, guard).unroll(a.p);
    // @layer vector
    a.csum.update().reorder(a.i, a.w, a.rp.x);
    a.cov.update().reorder(a.j, a.i, a.rp.x);
    // @end
    return a.kernel();
}
