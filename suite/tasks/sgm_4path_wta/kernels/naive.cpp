// Naive schedule for `sgm_4path_wta`: every stage at root, serial and scalar on CPU; on GPU
// backends the recurrences one GPU thread per path line (the across index), everything else
// one default GPU tile. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> paths = {a.t_lr, a.t_rl, a.t_tb, a.t_bt};
    // @layer compute
    for (Func f : paths) f.compute_root();
    a.best.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : paths) {
            f.gpu_tile(a.a, a.b, a.d, xo, yo, zo, xi, yi, zi, 16, 16, 1, gd);
            f.update(0).gpu_tile(a.b, xo, xi, 64, gd);
            f.update(1).gpu_tile(a.b, xo, xi, 64, gd);
        }
        a.best.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        a.best.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        a.disp.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
