// Expert cpu schedule for `mul_int8`: one pass, prod inlined into the int8 store. Within a row
// the channels (contiguous in NHWC) are vectorized natural_vector_size(Int(32)) lanes wide,
// the channel tail guarded, and the pixels of the row follow one another (the gate vector of
// b stays in cache). Rows run in parallel only when the tensor has at least 64K elements:
// MobileNet's SE multiplies are 6K to 94K elements, a few microseconds of work, where waking
// the thread pool costs as much as the work (and on a loaded machine much more).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var t{"t"}, co{"co"}, ci{"ci"};
    Expr elems = a.a.dim(0).extent() * a.a.dim(1).extent() * a.a.dim(2).extent();
    // @layer compute
    // prod is inlined into output.
    // @layer loops
    a.output.split(a.c, co, ci, vec, TailStrategy::GuardWithIf)
        .reorder(ci, co, a.x, a.y, a.n)
        .fuse(a.y, a.n, t);
    // @layer vector
    a.output.vectorize(ci);
    a.output.specialize(elems >= 65536).parallel(t);
    // @end
    return a.kernel();
}
