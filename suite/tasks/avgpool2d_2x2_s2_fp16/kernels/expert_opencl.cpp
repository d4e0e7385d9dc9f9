// Expert opencl schedule for `avgpool2d_2x2_s2_fp16`: one kernel. The output runs as 16x4x4
// work-groups over (columns, rows, channels); each work-item sums its 2x2 window in a
// register (the taps unrolled) and writes the average once. Neighbouring work-items read
// neighbouring column pairs in lock-step, which OpenCL CPU drivers such as PoCL vectorize
// across the work-group.
// float16 variant of `avgpool2d_2x2_s2` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // pool lives in a register of each work-item (below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.pool.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pool.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
