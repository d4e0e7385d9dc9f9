// Expert opencl schedule for `batchnorm_inference`: one kernel, scale and shift inlined (a
// reciprocal square root and two multiply-adds per work-item, cheaper than a second launch).
// 16x4x4 work-groups over (columns, rows, channels), one element per work-item; OpenCL CPU
// drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // scale and shift are inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
