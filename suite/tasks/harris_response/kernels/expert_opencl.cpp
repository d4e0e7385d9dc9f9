// Expert opencl schedule for `harris_response`: three kernels of 64x4 work-groups, one
// work-item per pixel: the two Sobel gradients (clamp-to-edge folded into the load
// addresses), then the response: each work-item reads the 3x3 neighbourhood of both
// gradients (clamped coordinates), forms the three products and their box sums in registers
// and writes det - k*trace^2 (products, box sums and response inlined). OpenCL CPU drivers
// such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped, the products and the box sums are inlined; ix and iy are one kernel each.
    a.ix.compute_root();
    a.iy.compute_root();
    // @layer loops
    for (Func f : {a.ix, a.iy, a.out}) {
        f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
