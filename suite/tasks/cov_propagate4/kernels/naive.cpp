// Naive schedule for `cov_propagate4`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (each thread one entry of one matrix). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.FP.compute_root();
    a.FPFt.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, io, bo, ji, ii, bi;
        a.FP.gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        a.FP.update().gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        a.FPFt.gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        a.FPFt.update().gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.j, a.i, a.b, jo, io, bo, ji, ii, bi, 4, 4, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
