// Expert cpu schedule for `canny_front_u8`: nms runs in parallel over strips of 32 rows. Each
// strip computes, into strip buffers over natural int32 vectors, the clamp-to-edge copy and the
// blur of its 36 rows, the blur's clamp-to-edge copy, the Sobel gradients, the magnitudes and
// the zero-padded magnitudes of its 34 rows; the copies make every stencil read a plain shifted
// vector load (the border clamps and the zero padding are applied once, per strip buffer, not
// per tap). The sector test and the suppression (per-lane selects between shifted loads) are
// inlined into the output row. cls is a second vectorized parallel pass over nms.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // sector is inlined.
    // @layer loops
    a.nms.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    a.cls.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    for (Func f : {a.clamped, a.blur, a.blur_c, a.gx, a.gy, a.mag, a.mag_z}) f.compute_at(a.nms, yo);
    // @layer vector
    a.nms.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.cls.vectorize(a.x, 4 * vec, TailStrategy::GuardWithIf);
    for (Func f : {a.clamped, a.blur, a.blur_c, a.gx, a.gy, a.mag, a.mag_z}) f.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
