// Expert cpu schedule for `dilate_cross3x3_u8`: parallel over strips of 32 rows. Down each strip
// a new row of the clamp-to-edge copy (the clamps partitioned out of the interior) is computed
// just before the first output row that needs it, into a buffer Halide folds to a few rows;
// each output row is then 4 vector maxes over natural uint8 vectors (64 lanes with AVX-512).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(8));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(a.out, yo).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
