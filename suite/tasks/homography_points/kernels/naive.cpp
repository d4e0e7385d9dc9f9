// Naive schedule for `homography_points`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.rw.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, jo, ji;
        a.rw.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.j, a.n, jo, no, ji, ni, 2, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
