// Expert opencl schedule for `resize_area3x_u8`: one kernel of 32x8 work-groups, one output
// pixel per work-item computing its three channels (unrolled) from the 27 bytes of its block
// (rows3 inlined), neighbouring work-items reading neighbouring 9-byte spans.
// No explicit vectors: the 3 interleaved channels of a vector of pixels would need 12- or
// 24-lane OpenCL vectors, which OpenCL C does not have.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.c, 0, 3).reorder(a.c, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
