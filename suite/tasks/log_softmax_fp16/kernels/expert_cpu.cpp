// Expert cpu schedule for `log_softmax_fp16`: parallel over strips of rows, one row per task for
// long rows (vocabularies), 16 rows per task for short ones (CTC heads, V = 32) so the thread
// pool's per-task cost is amortized; each row's max, sum of exp and log-sum-exp are computed
// at the row while it is in cache, and y = x - lse is written in vectors right after. The
// two row reductions accumulate in vectors of partial results (rfactor, two vectors each for
// independent chains) reduced across lanes at the end.
// float16 variant of `log_softmax` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var ro{"ro"}, ri{"ri"}, u{"u"};
    const Expr rows_per_task = Halide::select(a.x.dim(0).extent() >= 1024, 1, 16);
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // Every stage is computed per row of y (memory, below).
    // @layer loops
    a.y.split(a.r, ro, ri, rows_per_task, TailStrategy::GuardWithIf).parallel(ro);
    // Lane-wise partial max and sum: lane u of 2*vec lanes reduces columns u, u + 2*vec, ...
    Func max_part = a.row_max.update().split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    Func sum_part = a.row_sum.update().split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    max_part.compute_at(a.y, ri);
    a.row_max.compute_at(a.y, ri);
    sum_part.compute_at(a.y, ri);
    a.row_sum.compute_at(a.y, ri);
    a.lse.compute_at(a.y, ri);
    // @layer vector
    max_part.vectorize(u, vec).unroll(u);
    max_part.update().vectorize(u, vec).unroll(u);
    a.row_max.update().atomic().vectorize(ki);  // the final cross-lane max as a vector reduction
    sum_part.vectorize(u, vec).unroll(u);
    sum_part.update().vectorize(u, vec).unroll(u);
    a.row_sum.update().atomic().vectorize(ki);
    a.y.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
