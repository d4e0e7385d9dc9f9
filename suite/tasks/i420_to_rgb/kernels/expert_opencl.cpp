// Expert opencl schedule for `i420_to_rgb`: one kernel of 32x8 work-groups, one pixel per
// work-item writing its three bytes (channels unrolled, luma and chroma loads in registers).
// No explicit vectors: the 3 interleaved channels of a vector of pixels would need 12- or
// 24-lane OpenCL vectors, which OpenCL C does not have.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.rgb_out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.rgb_out.bound(a.c, 0, 3).reorder(a.c, a.x, a.row)
        .gpu_tile(a.x, a.row, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.rgb_out.unroll(a.c);
    // @end
    return a.kernel();
}
