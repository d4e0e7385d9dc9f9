// Expert opencl schedule for `upsample_nearest2x`: one kernel, 4-pixel vectors along x.
// 8x4x4 work-groups over (vectors, rows, channels); each work-item loads 2 input pixels and
// stores one 4-wide vector, which OpenCL CPU drivers such as PoCL vectorize further across
// the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"};
    // @layer loops
    a.output.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .reorder(xv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 4, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.output.vectorize(xv);
    // @end
    return a.kernel();
}
