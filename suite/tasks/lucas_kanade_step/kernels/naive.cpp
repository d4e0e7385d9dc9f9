// Naive schedule for `lucas_kanade_step`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.clamped, a.ix, a.iy, a.it, a.prod, a.prod_padded, a.sums}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        for (Func f : {a.clamped, a.ix, a.iy, a.it}) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.prod), Stage(a.prod_padded), Stage(a.sums), a.sums.update()}) {
            s.gpu_tile(a.x, a.y, a.k, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.flow.gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
