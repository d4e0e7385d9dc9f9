// Expert cpu schedule for `layernorm_residual`: parallel over strips of 8 rows. Per row, the
// residual sum h = x + residual is computed once in vectors into a row buffer (one per strip)
// that stays in L1, then reduced twice (its sum, then the sum of squared deviations), each
// reduction into four independent vectors of partial sums (rfactor) folded across lanes at
// the end; h - mean is recomputed where it is used rather than stored, and y is written in
// vectors. x and residual are each read from memory once (the naive schedule makes five
// passes over T x D buffers).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // hc and variance are inlined; h is materialized per row and the per-row stages are
    // computed per row of y (memory).
    // @layer loops
    a.y.split(a.t, to, ti, 8, TailStrategy::GuardWithIf).parallel(to);
    // Lane-wise partial sums: lane u of 4*vec lanes reduces columns u, u + 4*vec, ...
    Func sum_part = a.sum_h.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sq_part = a.sum_sq.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    a.h.store_at(a.y, to).compute_at(a.y, ti);
    for (Func f : {sum_part, a.sum_h, a.mean, sq_part, a.sum_sq, a.rstd}) f.compute_at(a.y, ti);
    // @layer vector
    a.h.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    sum_part.vectorize(u, vec).unroll(u);  // four vector accumulators
    sum_part.update().vectorize(u, vec).unroll(u);
    a.sum_h.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    sq_part.vectorize(u, vec).unroll(u);
    sq_part.update().vectorize(u, vec).unroll(u);
    a.sum_sq.update().atomic().vectorize(ki);
    a.y.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
