// Naive schedule for `stereo_bm_sad_wta`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.fl, a.fr, a.diff, a.colsum, a.cost, a.best, a.reject}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : {a.fl, a.fr, a.disp}) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.diff, a.colsum, a.cost}) {
            f.gpu_tile(a.x, a.y, a.d, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.x, a.y, a.d, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
        }
        for (Func f : {a.best, a.reject}) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
            f.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        }
    }
    // @end
    return a.kernel();
}
