// Naive schedule for `dgcnn_edgeconv_knn`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends (the selection one GPU thread per point).
// Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.sel, a.edge, a.conv, a.h, a.pooled}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        a.sel.gpu_tile(a.k, a.i, xo, yo, xi, yi, 4, 16, gd);
        a.sel.update().gpu_tile(a.i, xo, xi, 64, gd);
        a.idx.gpu_tile(a.k, a.i, xo, yo, xi, yi, 4, 16, gd);
        for (Func f : {a.edge, a.conv, a.h}) {
            Var v0 = f.args()[0];
            f.gpu_tile(v0, a.k, a.i, xo, yo, zo, xi, yi, zi, 8, 4, 4, gd);
            if (f.has_update_definition()) f.update().gpu_tile(v0, a.k, a.i, xo, yo, zo, xi, yi, zi, 8, 4, 4, gd);
        }
        a.pooled.gpu_tile(a.o, a.i, xo, yo, xi, yi, 16, 16, gd);
        a.pooled.update().gpu_tile(a.o, a.i, xo, yo, xi, yi, 16, 16, gd);
        a.out.gpu_tile(a.i, a.o, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
