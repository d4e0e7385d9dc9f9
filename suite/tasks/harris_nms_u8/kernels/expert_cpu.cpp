// Expert cpu schedule for `harris_nms_u8`: parallel over strips of 32 rows. Each strip builds,
// in strip buffers over natural int32 vectors, its clamp-to-edge copy (38 rows), the Sobel
// gradients and products (36 rows), the box sums (34 rows), then the int64 responses of its
// 34 rows (int64 vectors); the 3x3 maximum test and the threshold are inlined into the output
// row. resp_x's bounds test is partitioned out of the interior.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // gx, gy and resp_x are inlined.
    // @layer loops
    a.corners.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    for (Func f : {a.clamped, a.prod, a.sums, a.resp}) f.compute_at(a.corners, yo);
    // @layer vector
    a.corners.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func f : {a.clamped, a.prod, a.sums, a.resp}) f.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
