// Expert cuda schedule for `channel_shuffle`: one kernel, grouped inlined into output (a
// gather of whole channels). Blocks of 32x8 threads over x and y (a warp copies a contiguous
// row segment, coalesced on both sides), channels as the third grid dimension; tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // grouped is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
