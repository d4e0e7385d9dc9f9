// Expert cpu schedule for `harris_nms_u8`: parallel over strips of 32 rows. Each strip builds,
// in strip buffers over natural int32 vectors, its clamp-to-edge copy of the image (38 rows),
// the gradient products (36 rows, the Sobel inlined), their clamp-to-edge copy, the box sums
// and the int64 responses (34 rows), and the responses' INT64_MIN-padded copy; every copy
// applies its border once per element, so the stencils read plain shifted vector loads. The
// 3x3 maximum test and the threshold are inlined into the output row.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // gx and gy are inlined into prod.
    // @layer loops
    a.corners.split(a.y, yo, yi, 32, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    for (Func f : {a.clamped, a.prod, a.prod_c, a.sums, a.resp, a.resp_x}) f.compute_at(a.corners, yo);
    // @layer vector
    a.corners.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func f : {a.clamped, a.prod, a.prod_c, a.sums, a.resp, a.resp_x}) {
        f.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
