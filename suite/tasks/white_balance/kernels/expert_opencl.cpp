// Expert opencl schedule for `white_balance`: one kernel (scaled inlined) of 64x4x1
// work-groups over (columns, rows, planes), one work-item per value: the gain is uniform
// across the work-group. OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // scaled is inlined into out.
    // @layer loops
    a.out.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 64, 4, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
