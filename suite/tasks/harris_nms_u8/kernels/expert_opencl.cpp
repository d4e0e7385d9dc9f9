// Expert opencl schedule for `harris_nms_u8`: three kernels of 16x8 work-groups, one pixel per
// work-item: (1) the gradient products (Sobel from clamped reads, inlined); (2) the 3x3 box
// sums and the int64 response; (3) the 3x3 maximum test and threshold. No local memory: PoCL
// rejects the larger work-groups a staged halo would need (CL_INVALID_WORK_GROUP_SIZE).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.prod.compute_root();
    a.resp.compute_root();
    // @layer loops
    for (Func f : {a.prod, a.resp, a.corners}) {
        f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
