// Naive schedule for `camera_pipe_fcam`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> planes = {a.g_gr, a.r_r, a.b_b, a.g_gb, a.g_r, a.g_b,
                                a.r_gr, a.b_gr, a.r_gb, a.b_gb, a.r_b, a.b_r};
    std::vector<Func> full = {a.rgb, a.corrected, a.curved, a.unsharp_y, a.unsharp};
    // @layer compute
    a.plane.compute_root();
    a.denoised.compute_root();
    for (Func f : planes) f.compute_root();
    for (Func f : full) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.plane.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.denoised.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : planes) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : full) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
