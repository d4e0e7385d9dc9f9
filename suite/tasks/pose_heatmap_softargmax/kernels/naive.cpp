// Naive schedule for `pose_heatmap_softargmax`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.feat_pad, a.conv1, a.h, a.conv2, a.mx, a.e, a.se, a.sx, a.sy}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.conv1, a.conv2}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        }
        for (Func f : {a.feat_pad, a.h, a.hm}) f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        a.e.gpu_tile(a.col, a.row, a.k, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        for (Func f : {a.mx, a.se, a.sx, a.sy}) {
            f.gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 1, guard);
            f.update().gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 1, guard);
        }
        a.coords.gpu_tile(a.j, a.k, xo, yo, xi, yi, 2, 16, guard);
    }
    // @end
    return a.kernel();
}
