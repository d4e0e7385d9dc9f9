// Expert cpu schedule for `box_filter5x5_u8`: parallel over strips of 32 rows. Down each
// strip the stages slide: a new row of the clamp-to-edge copy (uint16) and of the row sums is
// computed just before the first output row that needs it, into buffers Halide folds to a few
// rows (L1); the column sum and the rounding division by 25 (a multiply-high) are inlined
// into the output row. Every pass runs over natural uint16 vectors along x.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(16));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // sum_y is inlined; clamped and sum_x slide down each strip (below).
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.store_at(a.out, yo).compute_at(a.out, yi);
    a.sum_x.store_at(a.out, yo).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.sum_x.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
