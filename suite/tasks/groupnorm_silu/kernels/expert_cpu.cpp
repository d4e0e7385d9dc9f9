// Expert cpu schedule for `groupnorm_silu`: two passes. First the per-group statistics, the
// groups in parallel: each group (C / 8 contiguous channel planes) is reduced twice while it
// sits in cache (its sum, then the sum of squared deviations from the mean), each reduction
// split along the rows into a vector of partial sums (rfactor) folded across lanes at the
// end (rows are not fused with columns: a fused index costs a division per element). Then
// the output, the channels in parallel: each row is one vectorized loop that recomputes
// x - mean and applies rstd, the affine and SiLU in registers (xc, normed and sig inlined).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // xc, variance, normed and sig are inlined; mean and rstd are the stored per-group values.
    a.mean.compute_root();
    a.rstd.compute_root();
    // @layer loops
    a.mean.parallel(a.g);
    a.rstd.parallel(a.g);
    // Lane-wise partial sums: lane u of vec lanes reduces columns u, u + vec, ... of every
    // row of every channel of the group.
    Func sum_part = a.sum_x.update().split(a.r.x, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sq_part = a.sum_sq.update().split(a.r.x, ko, ki, vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    a.output.parallel(a.c);
    // @layer memory
    a.sum_x.compute_at(a.mean, a.g);
    sum_part.compute_at(a.mean, a.g);
    a.sum_sq.compute_at(a.rstd, a.g);
    sq_part.compute_at(a.rstd, a.g);
    // @layer vector
    sum_part.vectorize(u);
    sum_part.update().vectorize(u);
    a.sum_x.update().atomic().vectorize(ki);  // the final cross-lane sum as a vector reduction
    sq_part.vectorize(u);
    sq_part.update().vectorize(u);
    a.sum_sq.update().atomic().vectorize(ki);
    a.output.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
