// Naive schedule for `vww_mobilenetv1_025`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int blocks = task::Algorithm::blocks;
    std::vector<Func> maps = {a.pad_x, a.a[0]}, convs = {a.stem};
    for (int i = 1; i <= blocks; i++) {
        maps.insert(maps.end(), {a.pad[i], a.d[i], a.a[i]});
        convs.push_back(a.pw[i]);
    }
    // @layer compute
    for (Func f : maps) f.compute_root();
    for (Func f : convs) f.compute_root();
    a.pool_sum.compute_root();
    a.fc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : convs) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        }
        for (Func f : maps) f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        a.feat.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        a.pool_sum.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.pool_sum.update().gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.fc.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.fc.update().gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.logits.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
    }
    // @end
    return a.kernel();
}
