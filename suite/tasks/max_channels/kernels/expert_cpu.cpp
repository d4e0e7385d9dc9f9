// Expert cpu schedule for `max_channels`: the reduction runs across planes, so it vectorizes
// along x with no cross-lane work. Rows of the output in parallel (strips of 2 rows; serial
// under 16K input elements, where waking the thread pool costs more than the work); each
// strip keeps its running maxima as vectors while it walks through the channels, every step
// loading contiguous vectors of one channel's rows. Guarded vectors, so rows shorter than a
// vector are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var yo{"yo"}, yi{"yi"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // best is computed per strip of output rows (memory).
    // @layer loops
    a.output.split(a.y, yo, yi, 2, TailStrategy::GuardWithIf);
    Expr work = a.input.dim(0).extent() * a.input.dim(1).extent() * a.input.dim(2).extent();
    Stage big = a.output.specialize(work >= 16384);
    big.parallel(yo);
    // @layer memory
    a.best.compute_at(a.output, yo);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.best.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.best.update().reorder(a.x, a.y, a.k, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
