// Naive schedule for `pointpillars_pfn_scatter_conv`: every stage at root, serial and scalar
// on CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.lin, a.h, a.pf, a.canvas, a.conv}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : {a.lin, a.h}) {
            f.gpu_tile(a.c, a.t, a.p, xo, yo, zo, xi, yi, zi, 16, 8, 2, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, a.t, a.p, xo, yo, zo, xi, yi, zi, 16, 8, 2, gd);
        }
        a.pf.gpu_tile(a.c, a.p, xo, yo, xi, yi, 16, 16, gd);
        a.pf.update().gpu_tile(a.c, a.p, xo, yo, xi, yi, 16, 16, gd);
        a.canvas.gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
        a.conv.gpu_tile(a.x, a.y, a.o, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
        a.conv.update().gpu_tile(a.x, a.y, a.o, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
        a.out.gpu_tile(a.x, a.y, a.o, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
    }
    // @end
    return a.kernel();
}
