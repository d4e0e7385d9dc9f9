// Expert cpu schedule for `l2_normalize`: parallel over strips of 4 rows; each row's sum of
// squares is accumulated while the row sits in L1, into two independent vectors of partial
// sums (rfactor) folded across lanes at the end; the division by the row's norm becomes one
// reciprocal per row and a vector multiply, written right after while the row is in L1.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Func inv("inv"), y("y");
    inv(a.r) = 1.0f / a.norm(a.r);
    y(a.d, a.r) = a.x(a.d, a.r) * inv(a.r);
    // @layer loops
    y.split(a.r, ro, ri, 4, TailStrategy::GuardWithIf).parallel(ro);
    // Lane-wise partial sums: lane u of 2*vec lanes reduces columns u, u + 2*vec, ...
    Func sq_part = a.sum_sq.update().split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    sq_part.compute_at(y, ri);
    a.sum_sq.compute_at(y, ri);
    inv.compute_at(y, ri);
    // @layer vector
    sq_part.vectorize(u, vec).unroll(u);
    sq_part.update().vectorize(u, vec).unroll(u);
    a.sum_sq.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    y.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
