// Expert cpu schedule for `min_columns`: a column reduction, so it vectorizes across columns with
// no cross-lane work: the columns are cut into blocks of 4 vectors, processed in parallel (serial
// under 16K elements, where waking the thread pool costs more than the work); each block keeps 4
// vector accumulators in registers while it walks down the rows (each step loads 4 contiguous
// vectors of one row). The block split is guarded, so fewer columns than a vector are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var dox{"dox"}, dix{"dix"};
    // @layer compute
    // acc is computed per block of columns (memory).
    // @layer loops
    a.y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    Stage big = a.y.specialize(a.depth.dim(0).extent() * a.depth.dim(1).extent() >= 16384);
    big.parallel(dox);
    // @layer memory
    a.acc.compute_at(a.y, dox);
    // @layer vector
    for (Stage s : {big, Stage(a.y)}) s.vectorize(dix, vec).unroll(dix);
    a.acc.vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d);
    a.acc.update().vectorize(a.d, vec, TailStrategy::GuardWithIf).unroll(a.d);
    // @end
    return a.kernel();
}
