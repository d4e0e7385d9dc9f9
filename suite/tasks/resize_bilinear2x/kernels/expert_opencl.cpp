// Expert opencl schedule for `resize_bilinear2x`: one kernel, hinterp inlined into the output:
// each work-item computes one output pixel from its 4 source pixels, the coordinates and
// weights in registers. 16x4x4 work-groups over (columns, rows, channels); neighbouring
// work-items read neighbouring input pixels, which OpenCL CPU drivers such as PoCL
// vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // hinterp is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
