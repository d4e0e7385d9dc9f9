// Expert opencl schedule for `conv_transpose2x2_s2`: one kernel. Each work-item owns one
// input pixel's 2x2 output block of one output channel, as two 2-wide vector accumulators in
// registers: per input channel it loads the input value once (a broadcast) and the taps
// weight[ci, co, ky, 0:2] as one 2-wide vector per row (the reduction unrolled by 4).
// 8x8x4 work-groups over (input columns, input rows, output channels).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    // conv lives in registers of each work-item (memory, below).
    // @layer loops
    // The output is 2W x 2H, so the 2x2 split never has a tail.
    a.output.split(a.x, a.x, xv, 2, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, 2, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, 2).bound_extent(a.y, 2);
    // @layer vector
    a.output.vectorize(xv).unroll(yv);
    a.conv.vectorize(a.x).unroll(a.y);
    a.conv.update()
        .reorder(a.x, a.y, a.r, a.c, a.n)
        .vectorize(a.x).unroll(a.y).unroll(a.r, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
