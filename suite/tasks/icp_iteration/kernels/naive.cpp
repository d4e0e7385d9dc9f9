// Naive schedule for `icp_iteration`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the small reductions over the points, one GPU
// thread per output). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.x, a.nn, a.m}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.x.gpu_tile(a.i, a.p, xo, yo, xi, yi, 4, 16, g);
        a.nn.gpu_tile(a.p, xo, xi, 16, g);
        a.nn.update().gpu_tile(a.p, xo, xi, 16, g);
        a.corr.gpu_tile(a.p, xo, xi, 16, g);
        a.m.gpu_tile(a.i, a.p, xo, yo, xi, yi, 4, 16, g);
        a.csum.compute_root().gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, g);
        a.csum.update().gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, g);
        a.cent.compute_root().gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, g);
        a.cov.gpu_tile(a.j, a.i, xo, yo, xi, yi, 4, 4, g);
        a.cov.update().gpu_tile(a.j, a.i, xo, yo, xi, yi, 4, 4, g);
    } else {
        a.csum.compute_root();
        a.cent.compute_root();
    }
    // @end
    return a.kernel();
}
