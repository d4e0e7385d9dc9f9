// Naive schedule for `fft_radix2_complex`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : a.tw) f.compute_root();
    for (Func f : a.stage) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var io, bo, ii, bi, ko, ki;
        for (Func f : a.tw) f.gpu_tile(a.k, ko, ki, 64, TailStrategy::GuardWithIf);
        for (Func f : a.stage) f.gpu_tile(a.i, a.b, io, bo, ii, bi, 64, 1, TailStrategy::GuardWithIf);
        a.X.gpu_tile(a.i, a.b, io, bo, ii, bi, 64, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
