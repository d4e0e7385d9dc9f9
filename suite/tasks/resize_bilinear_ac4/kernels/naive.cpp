// Naive schedule for `resize_bilinear_ac4`: every stage at root, serial and scalar on CPU (the
// per-row and per-column index and weight tables, then the output); one default GPU tile per stage
// on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.x0.compute_root();
    a.x1.compute_root();
    a.lx.compute_root();
    a.y0.compute_root();
    a.y1.compute_root();
    a.ly.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi, io, ii, ko, ki;
        a.x0.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.x1.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.lx.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.y0.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.y1.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.ly.gpu_tile(a.i, io, ii, 64, TailStrategy::GuardWithIf);
        a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    }
    // @end
    return a.kernel();
}
