// Expert cpu schedule for `rmsnorm_fp16`: parallel over strips of 4 rows; each row's sum of
// squares is accumulated while the row sits in L1, into four independent vectors of partial
// sums (rfactor) folded across lanes at the end; rstd is a per-row scalar and y is written
// in vectors right after, re-reading the row from L1, so x is read from memory once (the
// naive schedule streams it twice). A call with fewer than 4 rows (decode) runs serially:
// one strip gains nothing from the thread pool.
// float16 variant of `rmsnorm` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // sum_sq and rstd are computed per row of y (memory, below).
    // @layer loops
    a.y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf);
    a.y.specialize(a.x.dim(1).extent() >= 4).parallel(to);
    // Lane-wise partial sums: lane u of 4*vec lanes reduces columns u, u + 4*vec, ...
    Func sq_part = a.sum_sq.update().split(a.k, ko, ki, 4 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    sq_part.compute_at(a.y, ti);
    a.sum_sq.compute_at(a.y, ti);
    a.rstd.compute_at(a.y, ti);
    // @layer vector
    sq_part.vectorize(u, vec).unroll(u);  // four vector accumulators
    sq_part.update().vectorize(u, vec).unroll(u);
    a.sum_sq.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    a.y.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
