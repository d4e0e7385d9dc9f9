// Expert opencl schedule for `blur_sobel`: three kernels of 64x4 work-groups, one work-item
// per pixel: the horizontal Gaussian pass (clamp-to-edge folded into the load addresses), the
// vertical pass, then the Sobel magnitude of the blurred image (gx, gy inlined, its clamp
// folded into the loads). OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped, blur_clamped, gx and gy are inlined; blur_x and blur_y are one kernel each.
    a.blur_x.compute_root();
    a.blur_y.compute_root();
    // @layer loops
    for (Func f : {a.blur_x, a.blur_y, a.out}) {
        f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
