// Expert cpu schedule for `channel_shuffle`: one pass, grouped inlined, so each output row
// is a straight vector copy of one input row. Output channels are processed in parallel
// blocks of 4 (one from each group), each row in vectors of the natural width; where a row
// holds at least one vector its last vector is shifted back inside the row (ShiftInwards),
// otherwise (7x7) a guarded vector is used.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // grouped is inlined into output.
    // @layer loops
    a.output.split(a.c, co, ci, task::Algorithm::groups, TailStrategy::GuardWithIf)
        .reorder(a.x, a.y, ci, co)
        .parallel(co);
    // @layer vector
    a.output.specialize(a.input.dim(0).extent() >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
    a.output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
