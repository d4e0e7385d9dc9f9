// Naive schedule for `voxel_counts`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends (the scatter tiled over the points, with atomic adds).
// Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.vox.compute_root();
    a.counts.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, xo, yo, xi, yi;
        RVar ro, ri;
        a.vox.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.counts.gpu_tile(a.vx, a.vy, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.counts.update().atomic().gpu_tile(a.r.x, ro, ri, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.vx, a.vy, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
