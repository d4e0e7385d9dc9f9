// Naive schedule for `openisp_malvar_ee`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.lin, a.m, a.demosaic, a.gam, a.luma}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        for (Func f : {a.lin, a.m, a.demosaic, a.gam, a.luma, a.out}) f.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
    }
    // @end
    return a.kernel();
}
