// Expert cuda schedule for `batchnorm_inference`: one kernel, scale and shift inlined (their
// per-channel loads are warp-uniform broadcasts). 64x4-thread blocks over (columns, rows) of
// one channel per grid z, each thread 2 consecutive elements (unrolled), so a warp's loads
// and stores are coalesced.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"};
    // @layer compute
    // scale and shift are inlined into output.
    // @layer loops
    a.output.split(a.x, a.x, xv, 2, TailStrategy::GuardWithIf)
        .reorder(xv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    // @layer vector
    a.output.unroll(xv);
    // @end
    return a.kernel();
}
