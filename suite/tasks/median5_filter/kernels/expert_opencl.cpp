// Expert opencl schedule for `median5_filter`: one kernel. Work-groups of 256 consecutive outputs
// of one channel, each work-item computes 2 neighbouring outputs (their 6 input samples are
// loaded once and the two min/max pairs they share are computed once, after common
// subexpression elimination), so the loads of neighbouring work-items are contiguous and each sample is read
// about 3 times instead of 5. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"}, iv{"iv"};
    // @layer loops
    a.y.split(a.i, a.i, iv, 2, TailStrategy::GuardWithIf)
        .reorder(iv, a.i, a.c)
        .gpu_tile(a.i, a.c, io, co, ii, ci, 128, 1, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(iv);
    // @end
    return a.kernel();
}
