// Expert cpu schedule for `embedding_layernorm`: token by token; per token the gathered
// table row plus its position row is summed once into a row buffer (emb, in vectors), then
// the row is reduced twice while it sits in L1 (its sum, then the sum of squared
// deviations), each reduction into four independent vectors of partial sums (rfactor) folded
// across lanes at the end; emb - mean is recomputed where it is used rather than stored, and
// y is written in vectors. The token's row index is loaded and clamped once per token (row
// inlined, hoisted out of the row loop). Serial on purpose: the whole layer is a few
// microseconds, bound by the scattered table rows, less than waking a thread pool costs.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // row, xc and variance are inlined; the other stages are computed per row of y (memory).
    // @layer loops
    // Lane-wise partial sums: lane u of 4*vec lanes reduces columns u, u + 4*vec, ...
    Func sum_part = a.sum_x.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sq_part = a.sum_sq.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    a.emb.compute_at(a.y, a.t);
    sum_part.compute_at(a.y, a.t);
    a.sum_x.compute_at(a.y, a.t);
    a.mean.compute_at(a.y, a.t);
    sq_part.compute_at(a.y, a.t);
    a.sum_sq.compute_at(a.y, a.t);
    a.rstd.compute_at(a.y, a.t);
    // @layer vector
    a.emb.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    sum_part.vectorize(u, vec).unroll(u);  // four vector accumulators
    sum_part.update().vectorize(u, vec).unroll(u);
    a.sum_x.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    sq_part.vectorize(u, vec).unroll(u);
    sq_part.update().vectorize(u, vec).unroll(u);
    a.sum_sq.update().atomic().vectorize(ki);
    a.y.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
