// Naive schedule for `se3_relative_pose`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.rn_a, a.rn_b, a.rot_a, a.rot_b}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, bi, ro, ri;
        a.rn_a.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.rn_b.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.rot_a.gpu_tile(a.r, a.b, ro, bo, ri, bi, 4, 64, TailStrategy::GuardWithIf);
        a.rot_b.gpu_tile(a.r, a.b, ro, bo, ri, bi, 4, 64, TailStrategy::GuardWithIf);
        a.rel.gpu_tile(a.r, a.b, ro, bo, ri, bi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
