// Naive schedule for `bgsub_gauss_morph`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.d, a.dist2, a.fg, a.eroded}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        for (Func f : {a.d, a.dist2, a.fg, a.eroded, a.mask, a.mean_out, a.var_out}) {
            f.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        }
    }
    // @end
    return a.kernel();
}
