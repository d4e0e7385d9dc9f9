// Expert cpu schedule for `hardswish_int8`: one pass, hires, pre and reluish inlined into the int8
// store (about twenty 32-bit vector operations per vector, no 64-bit products). Rows (y) run in
// parallel; within a row the channels (contiguous in NHWC) are vectorized
// natural_vector_size(Int(32)) lanes wide, the channel tail guarded, and the pixels of the row
// follow one another.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var t{"t"}, co{"co"}, ci{"ci"};
    // @layer compute
    // every intermediate stage is inlined into output.
    // @layer loops
    a.output.split(a.c, co, ci, vec, TailStrategy::GuardWithIf)
        .reorder(ci, co, a.x, a.y, a.n)
        .fuse(a.y, a.n, t).parallel(t);
    // @layer vector
    a.output.vectorize(ci);
    // @end
    return a.kernel();
}
