// Expert opencl schedule for `add_int8`: one kernel instead of one per stage, every stage
// inlined into the int8 store (no int32 intermediates in global memory). Work-groups are
// 8x8x4 work-items over (columns, rows, channels): small enough in x that MobileNet's late
// 7- and 14-wide layers keep them mostly busy, and dense along x, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group. (Fusing the dimensions into one flat index
// is much slower there: the per-item division and remainder defeat that vectorization.)
// All tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer compute
    // scaled_a, scaled_b and sum are inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 8, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
