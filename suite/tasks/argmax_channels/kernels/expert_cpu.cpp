// Expert cpu schedule for `argmax_channels`: the reduction runs across class planes, so it
// vectorizes along x with no cross-lane work: output rows in parallel (serial under 16K
// elements), each row cut into
// blocks of 2 vectors whose (class, logit) running maxima stay in registers while the loop
// walks the C planes (each step loads two contiguous vectors of one plane's row). Guarded
// vectors (the producer's region is clipped to the row), so rows shorter than a vector are
// legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"};
    // @layer compute
    // best is computed per block of 2 vectors of a row (memory).
    // @layer loops
    a.label.split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf);
    Expr work = a.logits.dim(0).extent() * a.logits.dim(1).extent() * a.logits.dim(2).extent();
    Stage big = a.label.specialize(work >= 16384);
    big.parallel(a.y);
    // @layer memory
    a.best.compute_at(a.label, xo);
    // @layer vector
    for (Stage s : {big, Stage(a.label)}) s.vectorize(xi, vec).unroll(xi);
    a.best.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.best.update().reorder(a.x, a.k, a.y, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
