// Expert opencl schedule for `camera_isp`: one kernel of 64x4 work-groups, one work-item per
// pixel: it loads its 3x3 neighbourhood of the mosaic once (black level applied on load, the
// clamp-to-edge folded into the load addresses), demosaics, applies the gains, the 3x3
// color correction and the gamma, and writes its three output planes (every stage inlined,
// the plane loop unrolled). OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // every stage is inlined into out; the output always has exactly 3 planes.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
