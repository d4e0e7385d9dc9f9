// Naive schedule for `equalize_hist_u8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the histogram scatter tiled over the pixels,
// with atomic increments). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.bin.compute_root();
    a.counts.compute_root();
    a.cdf.compute_root();
    a.lut.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, bi, xo, yo, xi, yi;
        RVar rxo, ryo, rxi, ryi;
        a.bin.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.counts.update().atomic()
            .gpu_tile(a.r.x, a.r.y, rxo, ryo, rxi, ryi, 16, 16, TailStrategy::GuardWithIf);
        a.cdf.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.lut.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
