// Expert cpu schedule for `avgpool2x2_int8`: one pass. Rows of the output run in parallel;
// within a row the channels (contiguous in NHWC) are vectorized natural_vector_size(Int(32))
// lanes wide, the channel tail guarded. The window sum of each output vector is computed in
// a register right before its store: 4 widened int8 loads and adds (the 2x2 taps unrolled),
// then the rounding division by 4 as shifts and the saturating narrowing to int8.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var t{"t"}, co{"co"}, ci{"ci"};
    // @layer compute
    // sum is computed per output vector (memory, below).
    // @layer loops
    a.output.split(a.c, co, ci, vec, TailStrategy::GuardWithIf)
        .reorder(ci, co, a.x, a.y, a.n)
        .fuse(a.y, a.n, t).parallel(t);
    // @layer memory
    a.sum.compute_at(a.output, co);
    // @layer vector
    a.output.vectorize(ci);
    a.sum.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.sum.update().vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
