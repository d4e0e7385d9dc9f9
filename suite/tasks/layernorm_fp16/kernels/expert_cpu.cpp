// Expert cpu schedule for `layernorm_fp16`: parallel over strips of 8 rows; each row is reduced
// twice while it sits in L1 (its sum, then the sum of squared deviations), each reduction
// into four independent vectors of partial sums (rfactor) folded across lanes at the end;
// x - mean is recomputed where it is used rather than stored, and y is written in vectors.
// float16 variant of `layernorm` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // xc and variance are inlined; the other stages are computed per row of y (memory).
    // @layer loops
    a.y.split(a.t, to, ti, 8, TailStrategy::GuardWithIf).parallel(to);
    // Lane-wise partial sums: lane u of 4*vec lanes reduces columns u, u + 4*vec, ...
    Func sum_part = a.sum_x.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sq_part = a.sum_sq.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    sum_part.compute_at(a.y, ti);
    a.sum_x.compute_at(a.y, ti);
    a.mean.compute_at(a.y, ti);
    sq_part.compute_at(a.y, ti);
    a.sum_sq.compute_at(a.y, ti);
    a.rstd.compute_at(a.y, ti);
    // @layer vector
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
