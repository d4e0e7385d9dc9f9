// Naive schedule for `espcn_x3`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> maps = {a.x_pad, a.h1, a.h1_pad, a.h2, a.h2_pad};
    const std::vector<Func> convs = {a.conv1, a.conv2, a.conv3};
    // @layer compute
    for (Func f : maps) f.compute_root();
    for (Func f : convs) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : convs) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        }
        for (Func f : maps) f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        a.y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
    }
    // @end
    return a.kernel();
}
