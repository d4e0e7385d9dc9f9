// Naive schedule for `pyramidal_lk_flow2`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.d1_rows, a.d1, a.d2_rows, a.d2, a.coarse.prod, a.coarse.rows, a.coarse.sums,
                                a.coarse.flow, a.init, a.warped, a.fine.prod, a.fine.rows, a.fine.sums, a.fine.flow};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : stages) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        a.flow.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
