// Naive schedule for `mediapipe_roi_tensor`: every stage at root (the whole frame converted
// to RGB first), serial and scalar on CPU; one default GPU tile per stage on GPU backends.
// Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.rgb, a.tap, a.coef, a.sx, a.sy}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        a.rgb.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        a.tap.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        a.coef.gpu_tile(a.k, o0, i0, 8, t);
        a.sx.gpu_tile(a.i, a.j, o0, o1, i0, i1, 16, 16, t);
        a.sy.gpu_tile(a.i, a.j, o0, o1, i0, i1, 16, 16, t);
        a.out.gpu_tile(a.i, a.j, o0, o1, i0, i1, 16, 16, t);
    }
    // @end
    return a.kernel();
}
