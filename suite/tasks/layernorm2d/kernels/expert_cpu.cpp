// Expert cpu schedule for `layernorm2d`: the reductions run across channel planes, so they
// vectorize along x with no cross-lane work. Output rows in parallel (serial under 16K
// elements, where waking the thread pool costs more than the work); per row y, the channel
// sums of the row's pixels (each step a contiguous row segment of one channel), the mean, the
// sums of squared deviations, rstd (all W values of the row kept in a small buffer), then the
// C output rows; x - mean is recomputed where it is used. Guarded vectors, so rows shorter than
// a vector are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // xc is inlined; the per-pixel statistics are computed per output row (memory).
    // @layer loops
    a.output.reorder(a.x, a.c, a.y, a.n);
    Expr work = a.input.dim(0).extent() * a.input.dim(1).extent() * a.input.dim(2).extent();
    Stage big = a.output.specialize(work >= 16384);
    big.parallel(a.y);
    // @layer memory
    for (Func st : {a.sum_x, a.mean, a.sum_sq, a.rstd}) st.compute_at(a.output, a.y);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func st : {a.mean, a.rstd}) st.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func st : {a.sum_x, a.sum_sq}) {
        st.vectorize(a.x, vec, TailStrategy::GuardWithIf);
        st.update().reorder(a.x, a.k, a.y, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
