// Expert cuda schedule for `rgb_to_nv12`: two kernels. Luma: 32x8 thread blocks, one pixel
// per thread (three byte loads of its packed RGB, neighbouring threads adjacent in memory).
// Chroma: 32x8 blocks of 2x2 luma blocks, one thread per chroma sample writing U and V
// (k unrolled) from its 12 RGB bytes, the mean inlined.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.rgb.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.uv_out.output_buffer().dim(0).set_bounds(0, 2).set_stride(1).dim(1).set_stride(2);
    // @layer loops
    a.y_out.gpu_tile(a.x, a.row, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.uv_out.bound(a.k, 0, 2).reorder(a.k, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.uv_out.unroll(a.k);
    // @end
    return a.kernel();
}
