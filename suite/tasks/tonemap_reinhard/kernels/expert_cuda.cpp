// Expert cuda schedule for `tonemap_reinhard`: one kernel of 32x8 thread blocks, one pixel per
// thread: the ratio in a register, the three channels scaled and stored (c unrolled).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer loops
    a.out.bound(a.c, 0, 3).reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.ratio.compute_at(a.out, xi).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
