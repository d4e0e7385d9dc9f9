// Naive schedule for `particle_integrate`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.vnew.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, po, ii, pi;
        a.vnew.gpu_tile(a.i, a.p, io, po, ii, pi, 4, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.i, a.p, io, po, ii, pi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
