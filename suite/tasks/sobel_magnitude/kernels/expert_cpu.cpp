// Expert cpu schedule for `sobel_magnitude`: parallel over strips of 32 rows. Down each strip
// a new row of the clamp-to-edge copy is computed just before the first output row that needs
// it, into a buffer Halide folds to a few rows (L1); gx, gy and the magnitude are inlined into
// one vectorized pass per output row that reads the three rows of the copy. The clamp of the
// copy is partitioned out of the interior of each row.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // gx and gy are inlined into out; clamped slides down each strip (below).
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(a.out, yo).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
