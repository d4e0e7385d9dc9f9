// Expert cuda schedule for `conv_transpose2x2_s2`: one kernel. Each thread owns one input
// pixel's 2x2 output block of one output channel: per input channel one input load and the
// 4 contiguous taps (a warp-uniform broadcast) update 4 accumulators in registers (the 2x2
// block unrolled). 32x4-thread blocks over (input columns, input rows), one output channel
// per grid z; the input reads are coalesced along x.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    // conv lives in registers of each thread (memory, below).
    // @layer loops
    // The output is 2W x 2H, so the 2x2 split never has a tail.
    a.output.split(a.x, a.x, xv, 2, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, 2, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, 2).bound_extent(a.y, 2);
    // @layer vector
    a.output.unroll(xv).unroll(yv);
    a.conv.unroll(a.x).unroll(a.y);
    a.conv.update().reorder(a.x, a.y, a.r, a.c, a.n).unroll(a.x).unroll(a.y);
    // @end
    return a.kernel();
}
