// Expert opencl schedule for `dequantize_int8`: one kernel instead of one per stage, centered
// inlined into the float32 store (no int32 intermediate in global memory). Work-groups are
// 8x8x4 work-items over (columns, rows, channels): dense along x, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group, and small enough that MobileNet's 14- and
// 19-wide maps keep them mostly busy. All tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer compute
    // centered is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 8, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
