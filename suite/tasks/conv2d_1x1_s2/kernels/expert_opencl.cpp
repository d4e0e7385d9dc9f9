// Expert opencl schedule for `conv2d_1x1_s2`: one kernel. Work-groups of 16x4x4 work-items over
// (columns, rows, 4-channel groups); each work-item accumulates one pixel of 4 output
// channels in registers across all input channels (the reduction unrolled by 4): one input
// load feeds 4 multiply-adds, and neighbouring work-items read pixels 2 apart in
// lock-step, which OpenCL CPU drivers such as PoCL vectorize across the work-group. All
// tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, cv{"cv"};
    RVar ro{"ro"}, ri{"ri"};
    // @layer compute
    // conv lives in the registers of each work-item (memory, below).
    // @layer loops
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update()
        .split(a.r, ro, ri, 4, TailStrategy::GuardWithIf)
        .reorder(a.c, ri, ro, a.x, a.y, a.n)
        .unroll(a.c).unroll(ri);
    // @end
    return a.kernel();
}
