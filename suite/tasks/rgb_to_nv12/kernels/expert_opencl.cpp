// Expert opencl schedule for `rgb_to_nv12`: two kernels with 8-wide int vectors per
// work-item. Luma: each work-item converts 8 pixels of a row (the packed RGB loaded as
// strided vectors); chroma: each work-item 8 chroma samples of a row, U and V unrolled, the
// 2x2 means inlined. Work-groups of 8x4 work-items. Rows at least 8 wide shift their last
// vector inwards, so every vector is whole (OpenCL C has no masked strided loads); narrower
// frames convert one pixel per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.rgb.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.uv_out.output_buffer().dim(0).set_bounds(0, 2).set_stride(1).dim(1).set_stride(2);
    // @layer loops
    Stage y_wide = a.y_out.specialize(a.y_out.output_buffer().dim(0).extent() >= vec);
    y_wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .gpu_tile(a.x, a.row, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.y_out.gpu_tile(a.x, a.row, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.uv_out.bound(a.k, 0, 2);
    Stage uv_wide = a.uv_out.specialize(a.uv_out.output_buffer().dim(1).extent() >= vec);
    uv_wide.split(a.i, a.i, xv, vec, TailStrategy::ShiftInwards)
        .reorder(a.k, xv, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.uv_out.reorder(a.k, a.i, a.j).gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    y_wide.vectorize(xv);
    uv_wide.vectorize(xv).unroll(a.k);
    a.uv_out.unroll(a.k);
    // @end
    return a.kernel();
}
