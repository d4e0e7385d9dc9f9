// Expert cpu schedule for `concat_int8_requant`: rows in parallel. Per output row the two inputs'
// rows are rescaled once each into small int8 row buffers, vectorized natural_vector_size(Int(32))
// lanes wide along their channels (the widening, the 64-bit products of SRDHM and the saturating
// narrowing in vector registers); the output row is then assembled from them with 16-byte vectors:
// a select of two loads per vector, so no requantization is computed twice. All channel tails are
// guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var t{"t"};
    // @layer compute
    // qa and qb are computed per output row (memory, below).
    // @layer loops
    a.output.fuse(a.y, a.n, t).parallel(t);
    // @layer memory
    a.qa.compute_at(a.output, t);
    a.qb.compute_at(a.output, t);
    // @layer vector
    a.qa.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.qb.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.output.vectorize(a.c, 16, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
