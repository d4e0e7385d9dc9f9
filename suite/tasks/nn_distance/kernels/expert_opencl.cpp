// Expert opencl schedule for `nn_distance`: one work-item per query in 128-wide
// work-groups; each keeps its running (index, distance) pair in registers over the in-order
// scan of the references (so the first minimum wins), d inlined. All work-items of a group
// read the same reference at the same time (a broadcast). dist and index are then copied out
// in one small kernel each.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    // d is inlined into best's update; best is one kernel (its init fused in, below).
    a.best.compute_root();
    // @layer loops
    a.best.gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf);
    a.best.update().gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf);
    a.dist.gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf);
    a.index.gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
