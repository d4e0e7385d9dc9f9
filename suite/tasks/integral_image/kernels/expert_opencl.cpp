// Expert opencl schedule for `integral_image`: the row scan runs one work-item per row
// (work-groups of 16 rows), each walking its own contiguous row; the column scan runs one
// work-item per 8 adjacent columns, which it scans down the image with the 8 columns unrolled
// (8 independent chains, 32 contiguous bytes per step, guarded at the right edge; a vectorized
// guarded scan does not build for OpenCL). The copies (the scans' initial values and the
// output) are 8-wide vectors in 16x4 work-groups.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.row_sum.compute_root();
    a.col_sum.compute_root();
    // @layer loops
    a.row_sum.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    a.row_sum.update().gpu_tile(a.y, yo, yi, 16, TailStrategy::GuardWithIf);
    a.col_sum.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    a.col_sum.update()
        .split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .reorder(xv, a.ry, a.x)
        .gpu_tile(a.x, xo, xi, 16, TailStrategy::GuardWithIf);
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.row_sum.vectorize(xv);
    a.col_sum.vectorize(xv);
    a.col_sum.update().unroll(xv);
    a.out.vectorize(xv);
    // @end
    return a.kernel();
}
