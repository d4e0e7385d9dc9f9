// Expert opencl schedule for `demosaic_white_balance`: one kernel of 64x4 work-groups, one
// work-item per pixel writing its three output planes (the interpolations, gains and clamp
// inlined, the plane loop unrolled), so each neighbour of the mosaic is loaded once per pixel
// for all planes; the clamp-to-edge is folded into the load addresses. OpenCL CPU drivers such
// as PoCL vectorize across the work-group.
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
