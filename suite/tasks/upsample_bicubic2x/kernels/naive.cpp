// Naive schedule for `upsample_bicubic2x`: every stage at root, serial and scalar on CPU (the
// per-row and per-column index and weight tables, then the output); one default GPU tile per stage
// on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.tx.compute_root();
    a.wx.compute_root();
    a.ty.compute_root();
    a.wy.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi, io, ii, ko, ki;
        a.tx.gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 16, TailStrategy::GuardWithIf);
        a.wx.gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 16, TailStrategy::GuardWithIf);
        a.ty.gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 16, TailStrategy::GuardWithIf);
        a.wy.gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 16, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
