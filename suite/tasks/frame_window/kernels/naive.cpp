// Naive schedule for `frame_window`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.unfolded.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, fo, ni, fi;
        a.unfolded.gpu_tile(a.n, a.f, no, fo, ni, fi, 16, 16, TailStrategy::GuardWithIf);
        a.frames.gpu_tile(a.n, a.f, no, fo, ni, fi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
