// Naive schedule for `pointnet2_fp_3nn`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the selection one GPU thread per point). Also
// the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.key, a.sel, a.wgt, a.interp, a.x, a.h1_dot, a.h1, a.h2_dot}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        a.key.gpu_tile(a.m, a.n, xo, yo, xi, yi, 16, 16, gd);
        a.sel.gpu_tile(a.k, a.n, xo, yo, xi, yi, 4, 16, gd);
        a.sel.update().gpu_tile(a.n, xo, xi, 64, gd);
        a.wgt.gpu_tile(a.n, xo, xi, 64, gd);
        for (Func f : {a.interp, a.x}) f.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.h1_dot, a.h1, a.h2_dot}) {
            f.gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 16, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.o, a.n, xo, yo, xi, yi, 16, 16, gd);
        }
        a.out.gpu_tile(a.n, a.o, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
