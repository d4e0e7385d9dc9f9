// Expert opencl schedule for `rgb_to_nv12`: two kernels with 8-wide int vectors per
// work-item. Luma: each work-item converts 8 pixels of a row (the packed RGB loaded as
// strided vectors); chroma: each work-item 8 chroma samples of a row, U and V unrolled, the
// 2x2 means inlined. Work-groups of 8x4 work-items.
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
    a.y_out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.row, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.uv_out.bound(a.k, 0, 2)
        .split(a.i, a.i, xv, vec, TailStrategy::GuardWithIf)
        .reorder(a.k, xv, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.y_out.vectorize(xv);
    a.uv_out.vectorize(xv).unroll(a.k);
    // @end
    return a.kernel();
}
