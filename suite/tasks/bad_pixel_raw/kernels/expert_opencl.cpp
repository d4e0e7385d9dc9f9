// Expert opencl schedule for `bad_pixel_raw`: one kernel; each work-item corrects a 16-wide x
// 4-row block with short16 vector loads (lo, hi inlined, the clamp selects partitioned out of
// the interior where possible), work-groups of 8x4.
// Rows at least 16 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 16, rows = 4;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer loops
    Stage wide = a.out.specialize(a.out.output_buffer().dim(0).extent() >= vec &&
                                  a.out.output_buffer().dim(1).extent() >= rows);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .split(a.y, a.y, yv, rows, TailStrategy::ShiftInwards)
        .reorder(xv, yv, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(xv).unroll(yv);
    // @end
    return a.kernel();
}
