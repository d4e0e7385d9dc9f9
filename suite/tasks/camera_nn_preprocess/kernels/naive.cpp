// Naive schedule for `camera_nn_preprocess`: every stage at root (the full-resolution RGB
// frame, the resized image, the output), serial and scalar on CPU; one default GPU tile per
// stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rgb.compute_root();
    a.resized.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.rgb.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, guard);
        a.resized.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, guard);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
