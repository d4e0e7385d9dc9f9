// Expert opencl schedule for `resize_area3x_u8`: one kernel; each work-item computes 4
// output pixels of a row as ushort4 vectors (channels unrolled, rows3 inlined, the packed
// bytes read as strided vectors), work-groups of 8x4 work-items.
// Rows at least 4 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;  // 3 interleaved channels x 4 = 12 lanes: OpenCL vectors stop at 16
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.c, 0, 3);
    Stage wide = a.out.specialize(a.out.output_buffer().dim(1).extent() >= vec);
    wide.split(a.i, a.i, xv, vec, TailStrategy::ShiftInwards)
        .reorder(a.c, xv, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.reorder(a.c, a.i, a.j).gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(xv).unroll(a.c);
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
