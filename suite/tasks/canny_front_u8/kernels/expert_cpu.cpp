// Expert cpu schedule for `canny_front_u8`: nms runs in parallel over strips of 32 rows. Each
// strip computes, into strip buffers, the clamp-to-edge copy and the blur of its 36 rows, the
// Sobel gradients and the magnitudes of its 34 rows, all over natural int32 vectors; the
// sector test and the suppression (the neighbour selects are per-lane selects between shifted
// dense loads) are inlined into the output row. cls is a second vectorized parallel pass
// over nms.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // blur_c, sector and mag_z are inlined.
    // @layer loops
    a.nms.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    a.cls.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    for (Func f : {a.clamped, a.blur, a.gx, a.gy, a.mag}) f.compute_at(a.nms, yo);
    // @layer vector
    a.nms.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.cls.vectorize(a.x, 4 * vec, TailStrategy::GuardWithIf);
    for (Func f : {a.clamped, a.blur, a.gx, a.gy, a.mag}) f.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
