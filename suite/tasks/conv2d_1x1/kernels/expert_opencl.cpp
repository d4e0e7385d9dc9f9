// Expert opencl schedule for `conv2d_1x1`: one kernel. Work-groups of 8x4x4 work-items over
// (4-pixel vectors, rows, 4-channel groups); each work-item accumulates a 4-wide x 4-channel
// block in vector registers across all input channels: per input channel one 4-wide input
// load and 4 weight broadcasts feed 4 vector FMAs. All tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4, chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"}, cv{"cv"};
    // @layer compute
    // conv lives in the registers of each work-item (memory, below).
    // @layer loops
    a.output.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(xv, cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 8, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.vectorize(xv).unroll(cv);
    a.conv.vectorize(a.x).unroll(a.c);
    a.conv.update()
        .reorder(a.x, a.c, a.r, a.y, a.n)
        .vectorize(a.x).unroll(a.c);
    // @end
    return a.kernel();
}
