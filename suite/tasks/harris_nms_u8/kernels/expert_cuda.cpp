// Expert cuda schedule for `harris_nms_u8`: two kernels of 32x8 thread blocks. (1) The
// response: each block stages the gradient products of its tile plus a 1-pixel halo (34 x 10)
// in shared memory (gradients from clamped reads, inlined), then each thread sums its 3x3 box
// and computes its int64 response. (2) The mask: each thread compares its response with its 8
// neighbours (cached global loads).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.resp.compute_root();
    // @layer loops
    a.resp.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.corners.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.prod_c.compute_at(a.resp, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
