// Naive schedule for `cfar_caso_1d`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.lsum.compute_root();
    a.rsum.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, do_, ii, di;
        for (Func f : {a.lsum, a.rsum}) {
            f.gpu_tile(a.i, a.d, io, do_, ii, di, 64, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.i, a.d, io, do_, ii, di, 64, 1, TailStrategy::GuardWithIf);
        }
        a.snr.gpu_tile(a.i, a.d, io, do_, ii, di, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
