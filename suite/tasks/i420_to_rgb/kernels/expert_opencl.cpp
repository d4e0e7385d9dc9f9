// Expert opencl schedule for `i420_to_rgb`: one kernel; each work-item converts 4 pixels of a
// row as int4 vectors (channels unrolled, the packed store an interleave), work-groups of 8x4.
// Rows at least 4 wide shift their last vector inwards, so every vector is whole (OpenCL C has
// no masked vector loads and stores); narrower frames convert one pixel per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;  // 3 interleaved channels x 4 = 12 lanes: OpenCL vectors stop at 16
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.rgb_out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.rgb_out.bound(a.c, 0, 3);
    Stage wide = a.rgb_out.specialize(a.rgb_out.output_buffer().dim(1).extent() >= vec);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .reorder(a.c, xv, a.x, a.row)
        .gpu_tile(a.x, a.row, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.rgb_out.reorder(a.c, a.x, a.row).gpu_tile(a.x, a.row, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(xv).unroll(a.c);
    a.rgb_out.unroll(a.c);
    // @end
    return a.kernel();
}
