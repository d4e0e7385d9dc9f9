// Naive schedule for `resnet8_full_int8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> maps = {a.pad_x, a.a0,     a.pad_a0, a.h1,  a.pad_h1, a.c12, a.a1,  a.pad_a1, a.h2,
                                    a.pad_h2, a.c22,   a.sc2,    a.a2,  a.pad_a2, a.h3,  a.pad_h3, a.c32, a.sc3};
    const std::vector<Func> convs = {a.conv0,  a.conv11, a.conv12, a.conv21, a.conv22,
                                     a.sc2_acc, a.conv31, a.conv32, a.sc3_acc};
    // @layer compute
    for (Func f : maps) f.compute_root();
    for (Func f : convs) f.compute_root();
    a.pool_sum.compute_root();
    a.pool.compute_root();
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
        a.pool.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.fc.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.fc.update().gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
        a.logits.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 1, guard);
    }
    // @end
    return a.kernel();
}
