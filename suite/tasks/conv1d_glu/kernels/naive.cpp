// Naive schedule for `conv1d_glu`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.x_padded.compute_root();
    a.conv.compute_root();
    a.biased.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var lo, co, li, ci;
        a.x_padded.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        for (Stage s : {Stage(a.conv), a.conv.update(), Stage(a.biased)}) {
            s.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        }
        a.y.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
