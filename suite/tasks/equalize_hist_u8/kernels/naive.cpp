// Naive schedule for `equalize_hist_u8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the histogram scatter tiled over the pixels,
// with atomic increments). Also the task's trusted reference (built for cpu).
// On GPU backends bin is inlined into the scatter: with bin at root, the store's index (the
// loaded bin) and the load's index (the loaded bin under the clamp that bounds inference
// adds) differ, so Halide cannot emit an atomic add and falls back to a compare-and-swap
// loop whose new value comes from a separate, non-atomic load (lost increments on NVIDIA's
// OpenCL, a loop that never exits on CUDA). The lookup pass reads img directly then.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    if (!ekb::is_gpu(target)) a.bin.compute_root();
    a.counts.compute_root();
    a.cdf.compute_root();
    a.lut.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, bi, xo, yo, xi, yi;
        RVar rxo, ryo, rxi, ryi;
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
