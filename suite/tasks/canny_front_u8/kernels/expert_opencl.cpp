// Expert opencl schedule for `canny_front_u8`: four kernels of 16x8 work-groups, one pixel per
// work-item: (1) the rounded blur (clamped reads inlined); (2) the gradient magnitudes (the
// Sobel of the blur inlined); (3) nms: the gradient recomputed for the sector test, the
// neighbours' magnitudes read from (2); (4) cls from nms. No local memory: PoCL rejects the
// larger work-groups a staged halo would need (CL_INVALID_WORK_GROUP_SIZE).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.blur.compute_root();
    a.mag.compute_root();
    // clamped, blur_c, gx, gy, sector and mag_z are inlined.
    // @layer loops
    for (Func f : {a.blur, a.mag, a.nms, a.cls}) {
        f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
