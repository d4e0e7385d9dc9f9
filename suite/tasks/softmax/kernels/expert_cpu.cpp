// Expert cpu schedule for `softmax`: parallel over strips of rows; each row's max, exp and
// sum are computed at the row, in vector registers: the two row reductions are split into
// vector-wide partial reductions (rfactor), and exp(x - max) is stored once per row and
// read back by the sum and the normalization.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // Every stage is computed per row of y (below); the lane-wise partial max and sum:
    Func max_part = a.row_max.update().split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer loops
    a.y.split(a.r, ro, ri, 8, TailStrategy::GuardWithIf).parallel(ro);
    // @layer memory
    max_part.compute_at(a.y, ri);
    a.row_max.compute_at(a.y, ri);
    a.ex.compute_at(a.y, ri);
    sum_part.compute_at(a.y, ri);
    a.row_sum.compute_at(a.y, ri);
    // @layer vector
    max_part.vectorize(u);
    max_part.update().vectorize(u);
    sum_part.vectorize(u);
    sum_part.update().vectorize(u);
    a.ex.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.y.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
