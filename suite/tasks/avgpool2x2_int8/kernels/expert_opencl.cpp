// Expert opencl schedule for `avgpool2x2_int8`: one kernel instead of one per stage; each thread
// sums its 2x2 window in a register (taps unrolled) and stores the rounded int8 average. 32x4x2
// threads per block over (channels, columns, rows): in NHWC the channels are contiguous, so a warp
// reads and writes one run of consecutive bytes. Tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // sum lives in a register of each thread (memory, below).
    // @layer loops
    a.output.gpu_tile(a.c, a.x, a.y, co, xo, yo, ci, xi, yi, 32, 4, 2, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum.compute_at(a.output, ci);
    // @layer vector
    a.sum.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
