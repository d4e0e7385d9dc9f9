// Naive schedule for `agc_limiter_webrtc`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the level scan in a single GPU thread). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.y, a.env, a.level, a.gfull}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        a.y.gpu_tile(a.j, a.s, o0, o1, i0, i1, 16, 16, t);
        a.env.gpu_tile(a.s, o0, i0, 16, t);
        a.env.update().gpu_tile(a.s, o0, i0, 16, t);
        a.level.gpu_tile(a.s, o0, i0, 16, t);
        a.level.update().gpu_single_thread();
        a.g.gpu_tile(a.s, o0, i0, 16, t);
        a.gfull.gpu_tile(a.s, o0, i0, 16, t);
        a.out.gpu_tile(a.j, a.s, o0, o1, i0, i1, 16, 16, t);
    }
    // @end
    return a.kernel();
}
