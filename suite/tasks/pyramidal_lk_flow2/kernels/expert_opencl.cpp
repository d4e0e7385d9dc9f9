// Expert opencl schedule for `pyramidal_lk_flow2`: one kernel per stage that needs a
// neighbourhood, one work-item per pixel in 32 x 8 work-groups (adjacent work-items on adjacent columns):
// the two horizontally filtered and the two level-1 frames; per LK step the five gradient
// products, their row sums and the column sums fused with the 2x2 solve; the warp of frame2
// (bilinear gather, the upsampled coarse flow read directly) before the fine step; the output
// fuses the fine solve with the coarse flow. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    std::vector<Func> stages = {a.d1_rows, a.d1, a.d2_rows, a.d2, a.coarse.prod, a.coarse.rows, a.coarse.flow,
                                a.warped, a.fine.prod, a.fine.rows};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    for (Func f : stages) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, guard);
    a.flow.bound(a.c, 0, 2).reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, guard).unroll(a.c);
    // @layer memory
    a.fine.flow.compute_at(a.flow, xi);
    // @end
    return a.kernel();
}
