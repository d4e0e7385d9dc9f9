// Expert opencl schedule for `rgb_to_yuv`: one kernel of 64x4 work-groups, one work-item per
// pixel writing its three output planes (Y, Cb, Cr inlined, the plane loop unrolled), so R, G
// and B are read once; OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // luma, cb and cr are inlined into yuv; the output always has exactly 3 planes.
    a.yuv.bound(a.c, 0, 3);
    // @layer loops
    a.yuv.reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.yuv.unroll(a.c);
    // @end
    return a.kernel();
}
