// Naive schedule for `lenet5`: every stage at root, serial and scalar on CPU; one default GPU
// tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.conv1, a.relu1, a.pool1, a.conv2, a.relu2, a.pool2, a.fc1, a.act1, a.fc2, a.act2, a.fc3}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.conv1, a.conv2}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        }
        for (Func f : {a.relu1, a.pool1, a.relu2, a.pool2}) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, guard);
        }
        for (Func f : {a.fc1, a.fc2, a.fc3}) {
            f.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 16, guard);
            f.update().gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 16, guard);
        }
        for (Func f : {a.act1, a.act2, a.y}) f.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
