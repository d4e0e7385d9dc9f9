// Expert opencl schedule for `demosaic_bilinear`: one kernel of 64x4 work-groups, one
// work-item per pixel writing its three output planes (the interpolations inlined, the plane
// loop unrolled), so each neighbour of the mosaic is loaded once per pixel for all planes;
// the clamp-to-edge is folded into the load addresses. OpenCL CPU drivers such as PoCL
// vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // every stage is inlined into rgb; the output always has exactly 3 planes.
    a.rgb.bound(a.c, 0, 3);
    // @layer loops
    a.rgb.reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.rgb.unroll(a.c);
    // @end
    return a.kernel();
}
