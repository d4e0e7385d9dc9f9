// Naive schedule for `nco_iq_mix`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.theta, a.lo_re, a.lo_im}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, co, ni, ci, ko, ki;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        for (Func f : {a.theta, a.lo_re, a.lo_im}) f.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 4, guard);
        a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 64, 4, guard);
    }
    // @end
    return a.kernel();
}
