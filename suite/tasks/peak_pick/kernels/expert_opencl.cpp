// Expert opencl schedule for `peak_pick`: one kernel, one work-item per 4 consecutive samples
// (work-groups of 64 work-items = 256 samples of one channel): the work-item loads its 6-sample window
// once (neighbouring compares share loads after unrolling) and writes 4 mask bytes; loads of
// neighbouring work-items are contiguous. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"}, iv{"iv"};
    // @layer loops
    a.mask.split(a.i, a.i, iv, 4, TailStrategy::GuardWithIf)
        .reorder(iv, a.i, a.c)
        .gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    // @layer vector
    a.mask.unroll(iv);
    // @end
    return a.kernel();
}
