// Expert cpu schedule for `matmul`: C in parallel row strips of 4-row x 2-vector tiles;
// each tile's accumulator lives in registers across the whole k loop, vectorized over
// columns (after Halide's apps/linear_algebra sgemm idioms).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var jo{"jo"}, ji{"ji"}, io{"io"}, ii{"ii"};
    // @layer compute
    // prod is computed per tile of C (below), never materialized whole.
    // @layer loops
    a.C.tile(a.j, a.i, jo, io, ji, ii, 2 * vec, 4, TailStrategy::GuardWithIf).parallel(io);
    // @layer memory
    a.prod.compute_at(a.C, jo);
    // @layer vector
    a.C.vectorize(ji, vec, TailStrategy::GuardWithIf).unroll(ii);
    a.prod.vectorize(a.j, vec, TailStrategy::GuardWithIf).unroll(a.i);
    a.prod.update().reorder(a.j, a.i, a.k).vectorize(a.j, vec, TailStrategy::GuardWithIf).unroll(a.i);
    // @end
    return a.kernel();
}
