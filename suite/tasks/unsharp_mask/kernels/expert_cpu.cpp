// Expert cpu schedule for `unsharp_mask`: parallel over strips of 32 rows of each channel.
// Down each strip the stages slide: a new row of the clamp-to-edge copy and of the horizontal
// pass is computed just before the first output row that needs it, into buffers Halide folds
// to 8 rows (L1), and the vertical pass, the sharpening and the clamp (blur_y and sharp
// inlined) write the output row from them and the input row. Every pass is vectorized along
// x; the clamp of the copy is partitioned out of the interior.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    Var yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    // blur_y and sharp are inlined; clamped and blur_x slide down each strip (below).
    // @layer loops
    a.out.split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .reorder(a.x, yi, yo, a.c)
        .fuse(yo, a.c, t)
        .parallel(t);
    // @layer memory
    a.clamped.store_at(a.out, t).compute_at(a.out, yi);
    a.blur_x.store_at(a.out, t).compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.blur_x.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
