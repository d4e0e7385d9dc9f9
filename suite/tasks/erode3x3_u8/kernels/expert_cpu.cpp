// Expert cpu schedule for `erode3x3_u8`: parallel over strips of 32 rows. Down each strip a
// new row of the clamp-to-edge copy and of the horizontal min is computed just before the
// first output row that needs it, into buffers Halide folds to a few rows (L1); the vertical
// min is the output row. All passes run over natural uint8 vectors (64 lanes with AVX-512).
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
    a.min_x.store_at(a.out, yo).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.min_x.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
