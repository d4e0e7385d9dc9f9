// Naive schedule for `autocorrelation_lags`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.xz.compute_root();
    a.acc.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, fo, ni, fi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.xz.gpu_tile(a.n, a.f, no, fo, ni, fi, 16, 16, guard);
        a.acc.gpu_tile(a.l, a.f, no, fo, ni, fi, 16, 16, guard);
        a.acc.update().gpu_tile(a.l, a.f, no, fo, ni, fi, 16, 16, guard);
        a.R.gpu_tile(a.l, a.f, no, fo, ni, fi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
