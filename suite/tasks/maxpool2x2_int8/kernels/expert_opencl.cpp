// Expert opencl schedule for `maxpool2x2_int8`: one kernel instead of one per stage. Work-groups
// are 16x4x4 work-items over (output columns, output rows, channels); each work-item keeps the
// running max of its 2x2 window in a register (the window unrolled) and writes one int8 output.
// Neighbouring work-items read neighbouring pixel pairs in lock-step, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group. All tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer compute
    // pooled is computed per work-item (memory, below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.pooled.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pooled.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
