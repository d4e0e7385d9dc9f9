// Expert cpu schedule for `softmax_fp16`: parallel over strips of 8 rows; each row's max, exp and
// sum are computed at the row while it is in L1. The two row reductions accumulate in one
// vector of partial results (rfactor) that is reduced across lanes at the end; exp(x - max)
// is stored once per row (one buffer per strip) and read back by the sum and the division.
// float16 variant of `softmax` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // Every stage is computed per row of y (memory, below).
    // @layer loops
    a.y.split(a.r, ro, ri, 8, TailStrategy::GuardWithIf).parallel(ro);
    // Lane-wise partial max and sum: lane u reduces columns u, u + vec, u + 2*vec, ...
    Func max_part = a.row_max.update().split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.k, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    max_part.compute_at(a.y, ri);
    a.row_max.compute_at(a.y, ri);
    a.ex.store_at(a.y, ro).compute_at(a.y, ri);
    sum_part.compute_at(a.y, ri);
    a.row_sum.compute_at(a.y, ri);
    // @layer vector
    max_part.vectorize(u);
    max_part.update().vectorize(u);
    a.row_max.update().atomic().vectorize(ki);  // the final cross-lane max as a vector reduction
    sum_part.vectorize(u);
    sum_part.update().vectorize(u);
    a.row_sum.update().atomic().vectorize(ki);
    a.ex.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.y.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
