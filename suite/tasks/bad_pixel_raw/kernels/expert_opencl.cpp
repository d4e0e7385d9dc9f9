// Expert opencl schedule for `bad_pixel_raw`: one kernel; each work-item corrects a 16-wide x
// 4-row block with short16 vector loads (lo, hi inlined, the clamp selects partitioned out of
// the interior where possible), work-groups of 8x4.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 16, rows = 4;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer loops
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.vectorize(xv).unroll(yv);
    // @end
    return a.kernel();
}
