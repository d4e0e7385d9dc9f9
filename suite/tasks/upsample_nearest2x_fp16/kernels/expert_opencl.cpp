// Expert opencl schedule for `upsample_nearest2x_fp16`: one kernel, 4-pixel vectors along x.
// 8x4x4 work-groups over (vectors, rows, channels); each work-item loads 2 input pixels and
// stores one 4-wide vector, which OpenCL CPU drivers such as PoCL vectorize further across
// the work-group.
// float16 variant of `upsample_nearest2x` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
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
