// Expert cpu schedule for `logsumexp`: rows in parallel; per row the max and then the sum of
// exps are each one vectorized pass over the row, rfactored over natural_vector_size lanes
// with 4 independent vector accumulators (so the latency of the max and add chains is
// hidden), folded across lanes at the end of the row; the row tail is one predicated block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var u{"u"}, ro{"ro"}, ri{"ri"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Func max_part = a.row_max.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer loops
    a.out.split(a.r, ro, ri, 1, TailStrategy::GuardWithIf).parallel(ro);
    // @layer memory
    a.row_max.compute_at(a.out, ro);
    max_part.compute_at(a.out, ro);
    a.row_sum.compute_at(a.out, ro);
    sum_part.compute_at(a.out, ro);
    // @layer vector
    max_part.vectorize(u, vec).unroll(u);
    max_part.update().vectorize(u, vec).unroll(u);
    a.row_max.update().atomic().vectorize(ki);
    sum_part.vectorize(u, vec).unroll(u);
    sum_part.update().vectorize(u, vec).unroll(u);
    a.row_sum.update().atomic().vectorize(ki);
    // @end
    return a.kernel();
}
