// Expert cuda schedule for `white_balance`: one kernel (scaled inlined) of 32x8 thread blocks
// over (columns, rows), one plane per grid z; each thread scales 4 neighbouring values with
// one 128-bit load and store (coalesced across the warp), the gain uniform across the block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"};
    // @layer compute
    // scaled is inlined into out.
    // @layer loops
    a.out.split(a.x, a.x, xv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.vectorize(xv);
    // @end
    return a.kernel();
}
