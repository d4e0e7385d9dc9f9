// Naive schedule for `forward_kinematics`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.cos_q.compute_root();
    a.sin_q.compute_root();
    a.cos_alpha.compute_root();
    a.sin_alpha.compute_root();
    a.link.compute_root();
    for (Func f : a.chain) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var jo, bo, ji, bi, co, ci, ro, ri;
        a.cos_q.gpu_tile(a.j, a.b, jo, bo, ji, bi, 1, 256, TailStrategy::GuardWithIf);
        a.sin_q.gpu_tile(a.j, a.b, jo, bo, ji, bi, 1, 256, TailStrategy::GuardWithIf);
        a.cos_alpha.gpu_tile(a.j, jo, ji, 8, TailStrategy::GuardWithIf);
        a.sin_alpha.gpu_tile(a.j, jo, ji, 8, TailStrategy::GuardWithIf);
        a.link.gpu_tile(a.c, a.r, a.b, co, ro, bo, ci, ri, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        for (Func f : a.chain) {
            f.gpu_tile(a.c, a.r, a.b, co, ro, bo, ci, ri, bi, 4, 4, 16, TailStrategy::GuardWithIf);
        }
        a.pose.gpu_tile(a.c, a.r, a.b, co, ro, bo, ci, ri, bi, 4, 4, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
