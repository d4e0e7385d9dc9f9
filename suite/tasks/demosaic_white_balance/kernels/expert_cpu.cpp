// Expert cpu schedule for `demosaic_white_balance`: parallel over strips of 32 rows. Down each
// strip a new row of the clamp-to-edge copy of the mosaic is computed just before the first
// output row that needs it, into a buffer Halide folds to a few rows (L1); the interpolations,
// the gains and the clamp are inlined into one vectorized pass per output row that writes the
// three planes (the plane loop is unrolled, so the mux disappears and each gain is a scalar
// broadcast; the column parity is a per-lane blend, the row parity a scalar branch).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // hor, ver, cross, diag, red, green, blue and rgb are inlined into out; clamped slides down
    // each strip (below). The output always has exactly 3 planes.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf)
        .reorder(xi, a.c, xo, yi, yo)
        .parallel(yo);
    // @layer memory
    a.clamped.store_at(a.out, yo).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(xi).unroll(a.c);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
